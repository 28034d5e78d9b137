/**
 * Starts the validator page's tool: shows the form, and loads the validator (core, schemas, ajv)
 * only when the reader first uses it. Everything runs in the browser; the packet is never sent.
 */
import type { ValidatorView } from './validatorEngine.ts';
import { escapeHtml as escape } from '../record/escapeHtml.ts';

type Strings = Record<string, string>;

function element<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}


export function renderResult(view: ValidatorView, strings: Strings): string {
  const verdict = `<p class="verdict verdict-${view.valid ? 'valid' : 'invalid'}"><strong>${view.valid ? strings.valid : strings.invalid}</strong>${view.profile ? ` · ${strings.profile}: <code>${escape(view.profile)}</code>` : ''}${view.form ? ` · ${strings.form}: <code>${view.form}</code>` : ''}</p>`;
  const digest = view.digest ? `<p>sha256: <code class="digest" data-testid="digest">${escape(view.digest)}</code></p>` : '';
  const rows = (issues: ValidatorView['errors'], kind: string) =>
    issues.map((issue) => `<tr class="${kind}"><td><code>${escape(issue.code)}</code></td><td><code>${escape(issue.path || '(root)')}</code></td><td>${escape(issue.message)}</td></tr>`).join('');
  const issues = [...view.errors, ...view.warnings];
  const table = issues.length
    ? `<div class="table-wrap"><table><caption>${strings.errors}</caption><thead><tr><th scope="col">Code</th><th scope="col">${strings.path}</th><th scope="col">${strings.message}</th></tr></thead><tbody>${rows(view.errors, 'error')}${rows(view.warnings, 'warning')}</tbody></table></div>`
    : `<p>${strings.no_errors}</p>`;
  const other = view.otherForm ? `<h3>${strings.other_form}</h3><pre class="other-form" tabindex="0"><code>${escape(view.otherForm)}</code></pre>` : '';
  return verdict + digest + table + other;
}

export function startValidator(): void {
  const root = document.getElementById('validator');
  if (!root) return;
  const strings: Strings = JSON.parse(root.dataset.strings ?? '{}');
  root.hidden = false;
  const input = element<HTMLTextAreaElement>('validator-input');
  const result = element<HTMLDivElement>('validator-result');
  const now = element<HTMLInputElement>('validator-now');
  let engine: Promise<typeof import('./validatorEngine.ts')> | undefined;
  const load = () => (engine ??= import('./validatorEngine.ts'));
  // Start fetching the engine as soon as the reader shows intent, not on page load.
  for (const event of ['focusin', 'pointerover']) root.addEventListener(event, () => void load(), { once: true });

  async function validate() {
    result.textContent = strings.loading;
    const { validatePacketText } = await load();
    result.innerHTML = renderResult(validatePacketText(input.value, now.value.trim() || undefined), strings);
  }

  element<HTMLFormElement>('validator-form').addEventListener('submit', (event) => {
    event.preventDefault();
    void validate();
  });
  element<HTMLSelectElement>('validator-fixture').addEventListener('change', async (event) => {
    const url = (event.target as HTMLSelectElement).value;
    if (!url) return;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      input.value = await response.text();
      await validate();
    } catch {
      result.textContent = strings.load_failed;
    }
  });
  const readFile = async (file: File | undefined) => {
    if (!file) return;
    input.value = await file.text();
    await validate();
  };
  element<HTMLInputElement>('validator-file').addEventListener('change', (event) => void readFile((event.target as HTMLInputElement).files?.[0]));
  input.addEventListener('dragover', (event) => event.preventDefault());
  input.addEventListener('drop', (event) => {
    event.preventDefault();
    void readFile(event.dataTransfer?.files?.[0]);
  });
}
