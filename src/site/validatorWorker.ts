/**
 * The validator's Web Worker: validates one packet per message and posts the answer back. The page
 * terminates it when an answer takes too long (validatorIsland.ts), so the tab stays responsive.
 */
import { validatePacketText } from './validatorEngine.ts';

export interface ValidatorRequest {
  id: number;
  text: string;
  now?: string;
}

self.addEventListener('message', (event: MessageEvent<ValidatorRequest>) => {
  const { id, text, now } = event.data;
  self.postMessage({ id, answer: validatePacketText(text, now) });
});

// Tells the page the engine is loaded: its time limit covers validation, not the download.
self.postMessage({ ready: true });
