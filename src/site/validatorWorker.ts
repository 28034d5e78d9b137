/**
 * The validator's Web Worker: validates one packet per message and posts the answer back. The page
 * terminates it when an answer takes too long (validatorIsland.ts), so the tab stays responsive.
 */
import { validatePacket, type PacketInput } from './validatorEngine.ts';

export interface ValidatorRequest {
  id: number;
  /** A file's bytes arrive as a transferred Uint8Array, unchanged; the text box's text as a string. */
  input: PacketInput;
  now?: string;
}

self.addEventListener('message', (event: MessageEvent<ValidatorRequest>) => {
  const { id, input, now } = event.data;
  self.postMessage({ id, answer: validatePacket(input, now) });
});

// Tells the page the engine is loaded: its time limit covers validation, not the download.
self.postMessage({ ready: true });
