/**
 * Starts the validator page's tool: shows the form, and starts the validator in a Web Worker (core,
 * bundled schemas, precompiled validators) only when the reader first uses it. Everything runs in
 * the browser; the packet is never sent. A validation that takes longer than the time limit ends
 * the worker and says so, so no packet can freeze the tab.
 */
import type { ValidatorAnswer, ValidatorView } from './validatorEngine.ts';
import type { ValidatorRequest } from './validatorWorker.ts';
import { fillTemplate } from '../record/inlineText.ts';
import { escapeHtml as escape } from '../record/escapeHtml.ts';

type Strings = Record<string, string>;

/** How long one validation may take once the engine is loaded. */
export const VALIDATION_TIME_LIMIT_MS = 5000;

function element<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/** One table per kind, each under its own caption; every code links to its row in the catalogue on this page. */
function issueTable(
  issues: ValidatorView['errors'],
  kind: 'error' | 'warning',
  caption: string,
  strings: Strings,
): string {
  if (issues.length === 0) return '';
  const rows = issues
    .map(
      (issue) =>
        `<tr class="${kind}"><td><a href="#${encodeURIComponent(issue.code)}"><code>${escape(issue.code)}</code></a></td><td><code>${escape(issue.path || '(root)')}</code></td><td>${escape(issue.message)}</td></tr>`,
    )
    .join('');
  return `<div class="table-wrap" tabindex="0"><table class="issues issues-${kind}"><caption>${caption}</caption><thead><tr><th scope="col">${strings.code}</th><th scope="col">${strings.path}</th><th scope="col">${strings.message}</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

export function renderResult(answer: ValidatorAnswer, strings: Strings): string {
  if ('badTime' in answer)
    return `<p class="verdict verdict-invalid">${escape(fillTemplate(strings.bad_time, answer.badTime))}</p>`;
  const view = answer.view;
  const verdict = `<p class="verdict verdict-${view.valid ? 'valid' : 'invalid'}"><strong>${view.valid ? strings.valid : strings.invalid}</strong>${view.profile ? ` · ${strings.profile}: <code>${escape(view.profile)}</code>` : ''}${view.form ? ` · ${strings.form}: <code>${view.form}</code>` : ''}</p>`;
  const digest = view.digest
    ? `<p>${strings.digest}: <code class="digest" data-testid="digest">${escape(view.digest)}</code></p>`
    : '';
  const errors = view.errors.length
    ? issueTable(view.errors, 'error', `${strings.errors} (${view.errors.length})`, strings)
    : `<p>${strings.no_errors}</p>`;
  const warnings = issueTable(view.warnings, 'warning', `${strings.warnings} (${view.warnings.length})`, strings);
  const other = view.otherForm
    ? `<h3>${strings.other_form}</h3><pre class="other-form" tabindex="0"><code>${escape(view.otherForm)}</code></pre>`
    : '';
  return verdict + digest + errors + warnings + other;
}

/** The worker, started on first use and replaced after a time-out. */
class ValidatorWorker {
  private worker: Worker | undefined;
  private ready: Promise<void> | undefined;
  private next = 0;

  private start(): Promise<void> {
    const worker = new Worker(new URL('./validatorWorker.ts', import.meta.url), { type: 'module' });
    this.worker = worker;
    this.ready = new Promise((resolve, reject) => {
      worker.addEventListener('message', (event) => (event.data?.ready ? resolve() : undefined));
      worker.addEventListener('error', () => reject(new Error('load')), { once: true });
    });
    return this.ready;
  }

  /** Loads the engine in the background, when the reader shows intent. */
  warm(): void {
    if (!this.worker) void this.start().catch(() => this.stop());
  }

  stop(): void {
    this.worker?.terminate();
    this.worker = undefined;
    this.ready = undefined;
  }

  async validate(text: string, now: string | undefined): Promise<ValidatorAnswer | 'timeout'> {
    if (!this.worker) this.start();
    await this.ready;
    const worker = this.worker!;
    const request: ValidatorRequest = { id: ++this.next, text, now };
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        worker.removeEventListener('message', onMessage);
        this.stop();
        resolve('timeout');
      }, VALIDATION_TIME_LIMIT_MS);
      const onMessage = (event: MessageEvent) => {
        if (event.data?.id !== request.id) return;
        clearTimeout(timer);
        worker.removeEventListener('message', onMessage);
        resolve(event.data.answer as ValidatorAnswer);
      };
      worker.addEventListener('message', onMessage);
      worker.postMessage(request);
    });
  }
}

export function startValidator(): void {
  const root = document.getElementById('validator');
  if (!root) return;
  const strings: Strings = JSON.parse(root.dataset.strings ?? '{}');
  root.hidden = false;
  const input = element<HTMLTextAreaElement>('validator-input');
  const result = element<HTMLDivElement>('validator-result');
  const now = element<HTMLInputElement>('validator-now');
  const engine = new ValidatorWorker();
  // Start loading the engine as soon as the reader shows intent, not on page load.
  for (const event of ['focusin', 'pointerover']) root.addEventListener(event, () => engine.warm(), { once: true });

  async function validate() {
    result.textContent = strings.loading;
    let answer;
    try {
      answer = await engine.validate(input.value, now.value.trim() || undefined);
    } catch {
      engine.stop();
      result.textContent = strings.engine_failed;
      return;
    }
    if (answer === 'timeout')
      result.textContent = fillTemplate(strings.timeout, { seconds: String(VALIDATION_TIME_LIMIT_MS / 1000) });
    else result.innerHTML = renderResult(answer, strings);
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
  element<HTMLInputElement>('validator-file').addEventListener(
    'change',
    (event) => void readFile((event.target as HTMLInputElement).files?.[0]),
  );
  input.addEventListener('dragover', (event) => event.preventDefault());
  input.addEventListener('drop', (event) => {
    event.preventDefault();
    void readFile(event.dataTransfer?.files?.[0]);
  });
}
