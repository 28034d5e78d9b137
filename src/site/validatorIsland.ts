/**
 * Starts the validator page's tool: shows the form, and starts the validator in a Web Worker (core,
 * bundled schemas, precompiled validators) only when the reader first uses it. Everything runs in
 * the browser; the packet is never sent. A validation that takes longer than the time limit ends
 * the worker and says so, so no packet can freeze the tab. A file (opened, dropped or a published
 * fixture) is validated as its exact bytes, as `uaix validate <file>` reads it; text typed or
 * pasted in the text box, a string and not bytes, as text (the library's validateText).
 */
import type { PacketInput, ShownIssue, ValidatorAnswer, ValidatorView } from './validatorEngine.ts';
import type { ValidatorRequest } from './validatorWorker.ts';
import { fillTemplate, labelPrefix, templateHtml } from '../record/content/inlineText.ts';
import { escapeHtml as escape } from '../record/content/escapeHtml.ts';
import { formatCount } from '../record/model/numberFormat.ts';

type Strings = Record<string, string>;

/**
 * An issue's message in the page's language: its template from the page's catalog (`messages`,
 * the translated templates only) filled with the issue's values; else the report's English, marked.
 */
function issueMessage(issue: ShownIssue, strings: Strings): string {
  const messages: Record<string, string> = JSON.parse(strings.messages ?? '{}');
  const template = issue.text && messages[issue.text.id];
  // The template's own words may hold inline Markdown (a command in backticks); the values are the
  // packet's and are only escaped, so nothing in a packet becomes markup.
  if (template) return templateHtml(template, (name) => escape(issue.text!.params[name] ?? `{${name}}`));
  return `<span lang="en-US">${escape(issue.message)}</span>`;
}

/** How long one validation may take once the engine is loaded. */
export const VALIDATION_TIME_LIMIT_MS = 5000;

function element<T extends HTMLElement>(id: string): T {
  return document.getElementById(id) as T;
}

/**
 * One table per kind, each under its own caption; every code links to its row in the catalogue on
 * this page. Each cell names its column (data-label), so on a phone a row stacks into labelled lines.
 */
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
        `<tr class="${kind}"><td data-label="${strings.code}"><a href="#${encodeURIComponent(issue.code)}"><code>${escape(issue.code)}</code></a></td><td data-label="${strings.path}">${issue.path ? `<code>${escape(issue.path)}</code>` : escape(strings.root ?? '')}</td><td data-label="${strings.message}">${issueMessage(issue, strings)}</td></tr>`,
    )
    .join('');
  return `<section class="table-wrap issues-wrap" tabindex="0" aria-label="${caption}"><table class="issues issues-${kind}"><caption>${caption}</caption><thead><tr><th scope="col">${strings.code}</th><th scope="col">${strings.path}</th><th scope="col">${strings.message}</th></tr></thead><tbody>${rows}</tbody></table></section>`;
}

/** The bytes of the file last opened; the text box's text instead once the reader edits it. */
export interface OpenedFile {
  name: string;
  bytes: Uint8Array;
}

/** Which input a result is about, so the reader knows whether bytes or text were checked. */
function inputLine(file: OpenedFile | undefined, strings: Strings): string {
  const said = file
    ? fillTemplate(strings.checked_file, {
        name: file.name,
        bytes: formatCount(strings.locale ?? 'en-us', file.bytes.length),
      })
    : strings.checked_text;
  return `<p class="validated-input" data-testid="validated-input">${escape(said)}</p>`;
}

/** Why each warning was given, under the warnings: a warning never makes a packet invalid. */
function warningReasons(warnings: ValidatorView['warnings'], strings: Strings): string {
  if (warnings.length === 0) return '';
  const reasons: Record<string, string> = JSON.parse(strings.reasons ?? '{}');
  const items = [...new Set(warnings.map((warning) => warning.code))]
    .map((code) => `<li>${labelledHtml(strings, `<code>${escape(code)}</code>`)}${reasons[code] ?? ''}</li>`)
    .join('');
  return `<div class="warning-reasons" data-testid="warning-reasons"><p>${escape(strings.warning_note)}</p><ul>${items}</ul></div>`;
}

/** The report as `uaix validate --json` prints it for one file (`-` for text, as for standard input). */
export function reportJson(view: ValidatorView, file?: OpenedFile): string {
  const { valid, profile, form, digest, errors, warnings } = view;
  return JSON.stringify({ file: file?.name ?? '-', valid, profile, form, digest, errors, warnings }, null, 2);
}

/** A label before its value, punctuated as the locale writes it (the UI string `label.value`). */
function labelled(strings: Strings, key: string): string {
  return labelledHtml(strings, escape(strings[key] ?? ''));
}

/** A heading and its count in parentheses, as the locale writes them (`text.parenthetical`: "错误（2）"). */
function counted(strings: Strings, key: string, count: number): string {
  return `${strings[key]}${fillTemplate(strings.parenthetical ?? ' ({text})', { text: String(count) })}`;
}

/** The same for a label given as HTML (a code): the template escaped, the label as is. */
function labelledHtml(strings: Strings, labelHtml: string): string {
  return labelPrefix(fillTemplate(escape(strings.label ?? '{label}:'), { label: labelHtml }));
}

export function renderResult(answer: ValidatorAnswer, strings: Strings, file?: OpenedFile): string {
  if ('badTime' in answer)
    return `<p class="verdict verdict-invalid">${escape(fillTemplate(strings.bad_time, answer.badTime))}</p>`;
  const view = answer.view;
  const verdict = `<p class="verdict verdict-${view.valid ? 'valid' : 'invalid'}"><strong>${view.valid ? strings.valid : strings.invalid}</strong>${view.profile ? ` · ${labelled(strings, 'profile')}<code>${escape(view.profile)}</code>` : ''}${view.form ? ` · ${labelled(strings, 'form')}<code>${view.form}</code>` : ''}</p>`;
  const digest = view.digest
    ? `<p>${labelled(strings, 'digest')}<code class="digest" data-testid="digest">${escape(view.digest)}</code></p>`
    : '';
  const errors = view.errors.length
    ? issueTable(view.errors, 'error', counted(strings, 'errors', view.errors.length), strings)
    : `<p>${strings.no_errors}</p>`;
  const warnings =
    issueTable(view.warnings, 'warning', counted(strings, 'warnings', view.warnings.length), strings) +
    warningReasons(view.warnings, strings);
  const other = view.otherForm
    ? `<h3>${strings.other_form}</h3><pre class="other-form" tabindex="0"><code>${escape(view.otherForm)}</code></pre>`
    : '';
  return verdict + inputLine(file, strings) + digest + errors + warnings + other;
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

  /** Validates the input; bytes are transferred to the worker, so the caller passes a copy it no longer needs. */
  async validate(input: PacketInput, now: string | undefined): Promise<ValidatorAnswer | 'timeout'> {
    if (!this.worker) this.start();
    await this.ready;
    const worker = this.worker!;
    const request: ValidatorRequest = { id: ++this.next, input, now };
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
      worker.postMessage(request, 'bytes' in input ? [input.bytes.buffer] : []);
    });
  }
}

// Only for showing a file in the text box: what is validated is the file's bytes, never this text.
const shownText = new TextDecoder();

/** Copies the report, as the command prints it with --json. */
function copyButton(report: string, strings: Strings): HTMLButtonElement {
  const button = document.createElement('button');
  button.type = 'button';
  button.className = 'copy-report';
  button.textContent = strings.copy_report;
  button.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(report);
      button.textContent = strings.copied;
    } catch {
      button.textContent = strings.copy_failed;
    }
    setTimeout(() => (button.textContent = strings.copy_report), 2000);
  });
  return button;
}

/** The page's tool: its fields, the engine, and which input the next validation reads. */
class ValidatorForm {
  private readonly input = element<HTMLTextAreaElement>('validator-input');
  private readonly result = element<HTMLDivElement>('validator-result');
  private readonly now = element<HTMLInputElement>('validator-now');
  private readonly engine = new ValidatorWorker();
  /** The file whose bytes the next validation reads; editing the text box switches to its text. */
  private opened: OpenedFile | undefined;
  /**
   * How the result reaches the reader. The result is a live region (role="status", polite) that
   * speaks every result: moving focus alone is not reliably announced (a focused region without a
   * name is read by some screen readers and not by others). After a button (the example, Validate)
   * focus also moves to the result, scrolled to its top, so the keyboard and the eye go on from the
   * verdict; after a change of the select or the file field focus stays there (a changed field must
   * not move the reader).
   */
  private focusResult = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly strings: Strings,
  ) {}

  private show(write: () => void): void {
    write();
    if (this.focusResult) {
      this.result.focus({ preventScroll: true });
      this.result.scrollIntoView({ block: 'start' });
    }
  }

  private say(text: string): void {
    this.show(() => (this.result.textContent = text));
  }

  private async validate(): Promise<void> {
    const { result, strings } = this;
    result.textContent = strings.loading;
    const file = this.opened;
    let answer;
    try {
      // The worker receives a copy: a transferred buffer is gone from this side.
      const packet: PacketInput = file ? { bytes: file.bytes.slice() } : { text: this.input.value };
      answer = await this.engine.validate(packet, this.now.value.trim() || undefined);
    } catch {
      this.engine.stop();
      this.say(strings.engine_failed);
      return;
    }
    if (answer === 'timeout')
      this.say(fillTemplate(strings.timeout, { seconds: String(VALIDATION_TIME_LIMIT_MS / 1000) }));
    else
      this.show(() => {
        result.innerHTML = renderResult(answer, strings, file);
        // Right after the verdict, so the result still opens with it.
        if ('view' in answer)
          result.querySelector('.verdict')?.after(copyButton(reportJson(answer.view, file), strings));
      });
  }

  /** Validates a file's bytes as they are; the text box shows them decoded, for reading only. */
  private async validateFile(name: string, bytes: Uint8Array): Promise<void> {
    this.opened = { name, bytes };
    this.input.value = shownText.decode(bytes);
    await this.validate();
  }

  /** Fetches a published fixture and validates its bytes. */
  private async validateFixture(url: string): Promise<void> {
    let bytes: Uint8Array;
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch {
      this.say(this.strings.load_failed);
      return;
    }
    await this.validateFile(url.slice(url.lastIndexOf('/') + 1), bytes);
  }

  /** Validates a file the reader opened or dropped. */
  private async readFile(file: File | undefined): Promise<void> {
    if (!file) return;
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await file.arrayBuffer());
    } catch {
      this.say(this.strings.load_failed);
      return;
    }
    await this.validateFile(file.name, bytes);
  }

  /** Runs a validation from a control: a button moves focus to the result, a changed field does not. */
  private start(fromButton: boolean, run: () => Promise<void>): void {
    this.focusResult = fromButton;
    void run();
  }

  listen(): void {
    // Start loading the engine as soon as the reader shows intent, not on page load.
    for (const event of ['focusin', 'pointerover'])
      this.root.addEventListener(event, () => this.engine.warm(), { once: true });
    this.input.addEventListener('input', () => (this.opened = undefined));
    element<HTMLFormElement>('validator-form').addEventListener('submit', (event) => {
      event.preventDefault();
      this.start(true, () => this.validate());
    });
    element<HTMLSelectElement>('validator-fixture').addEventListener('change', (event) => {
      const url = (event.target as HTMLSelectElement).value;
      if (url) this.start(false, () => this.validateFixture(url));
    });
    const example = element<HTMLButtonElement>('validator-example');
    example.addEventListener('click', () => this.start(true, () => this.validateFixture(example.dataset.url ?? '')));
    element<HTMLInputElement>('validator-file').addEventListener('change', (event) =>
      this.start(false, () => this.readFile((event.target as HTMLInputElement).files?.[0])),
    );
    this.input.addEventListener('dragover', (event) => event.preventDefault());
    this.input.addEventListener('drop', (event) => {
      event.preventDefault();
      this.start(false, () => this.readFile(event.dataTransfer?.files?.[0]));
    });
  }
}

export function startValidator(): void {
  const root = document.getElementById('validator');
  if (!root) return;
  const strings: Strings = JSON.parse(root.dataset.strings ?? '{}');
  root.hidden = false;
  new ValidatorForm(root, strings).listen();
}
