import {
  announcementText,
  announcementsFor,
  type AnnouncementStyle,
  type VoiceMode,
} from '@antrean/shared/voice/announcement';
import type { Language } from '@antrean/shared/i18n/lang';

/**
 * Call announcements: a generated two-tone chime (Web Audio, no files), then the sentence through
 * `speechSynthesis`, one call after another.
 *
 * Fallback where `speechSynthesis` is missing (Android TV WebView, some signage players): the
 * chime plays once more per sentence and the sentence stays as a large on-screen caption for
 * its reading time. It works offline and needs no recordings. Pre-recorded Indonesian segments
 * ("nomor antrian" + number words + "loket" …, the usual way of commercial systems) would be the better
 * fallback but need professionally recorded audio that we do not have; the words come from
 * `@antrean/shared/voice` already, so segments can be added here later without changing callers.
 *
 * Watchdog: a suspended AudioContext or a speech that reports `not-allowed` asks the screen to
 * show the "tap to enable sound" overlay again; an utterance that never ends is cancelled after
 * `SPEECH_TIMEOUT_MS`, so the queue never gets stuck. Every spoken sentence (speech or fallback)
 * is pushed to `window.__antreanSpoken` for end-to-end tests.
 */

export interface VoiceSettings {
  mode: VoiceMode;
  /** Numbers as words ("A dua belas") or digit by digit ("A nol satu dua"). */
  numberStyle: AnnouncementStyle;
  /** The tenant's sentences (`{number}`, `{counter}`); null: the default one. */
  templateId: string | null;
  templateEn: string | null;
  rate: number;
  pitch: number;
  volume: number;
  voiceNameId: string | null;
  voiceNameEn: string | null;
  repeat: number;
}

export interface AnnounceJob {
  ticketId: string;
  ticketNumber: string;
  counterName: string;
  counterNumber: number | null;
}

interface SpokenEntry {
  lang: string;
  text: string;
}

declare global {
  interface Window {
    __antreanSpoken?: SpokenEntry[];
    webkitAudioContext?: typeof AudioContext;
  }
}

const SPEECH_TIMEOUT_MS = 15_000;
const CHIME_MS = 1_150;
const SPEECH_LANG: Record<Language, string> = { id: 'id-ID', en: 'en-US' };

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function recordSpoken(entry: SpokenEntry): void {
  window.__antreanSpoken ??= [];
  window.__antreanSpoken.push(entry);
}

let audioContext: AudioContext | null = null;

/** Read through a function: TypeScript would otherwise keep a narrowed `state` across an await. */
function isRunning(ctx: AudioContext): boolean {
  return ctx.state === 'running';
}

function getAudioContext(): AudioContext | null {
  if (audioContext) return audioContext;
  // Absent in old WebViews and in jsdom, although the DOM types declare it.
  const Ctor: typeof AudioContext | undefined =
    typeof window.AudioContext === 'function' ? window.AudioContext : window.webkitAudioContext;
  if (Ctor === undefined) return null;
  try {
    audioContext = new Ctor();
  } catch {
    return null;
  }
  return audioContext;
}

/** Called from the overlay's button (a user gesture): resumes audio and plays a silent sample. */
export async function unlockAudio(): Promise<boolean> {
  const ctx = getAudioContext();
  if (!ctx) return true; // nothing to unlock: speech (if any) follows the page's user activation
  try {
    const buffer = ctx.createBuffer(1, 1, 22_050);
    const source = ctx.createBufferSource();
    source.buffer = buffer;
    source.connect(ctx.destination);
    source.start(0);
    await Promise.race([ctx.resume(), sleep(1_000)]);
  } catch {
    // fall through: the state tells
  }
  return isRunning(ctx);
}

/** Whether the browser lets this page play sound without a tap (e.g. kiosk flag `--autoplay-policy`). */
export async function audioAllowedWithoutGesture(): Promise<boolean> {
  const ctx = getAudioContext();
  if (!ctx) return false;
  if (isRunning(ctx)) return true;
  try {
    await Promise.race([ctx.resume(), sleep(600)]);
  } catch {
    return false;
  }
  return isRunning(ctx);
}

function hasSpeech(): boolean {
  return (
    typeof window.speechSynthesis !== 'undefined' && typeof window.SpeechSynthesisUtterance !== 'undefined'
  );
}

function pickVoice(language: Language, preferredName: string | null): SpeechSynthesisVoice | null {
  let voices: SpeechSynthesisVoice[] = [];
  try {
    voices = window.speechSynthesis.getVoices();
  } catch {
    return null;
  }
  if (preferredName) {
    const named = voices.find((v) => v.name === preferredName);
    if (named) return named;
  }
  const prefixes = language === 'id' ? ['id', 'in'] : ['en'];
  const matching = voices.filter((v) =>
    prefixes.includes(v.lang.toLowerCase().replace('_', '-').split('-')[0] ?? ''),
  );
  return (
    matching.find((v) => v.lang.toLowerCase().endsWith(language === 'id' ? 'id' : 'us')) ??
    matching[0] ??
    null
  );
}

export interface AnnouncerCallbacks {
  voice(): VoiceSettings;
  /** The UI language, for the caption in modes that do not speak. */
  uiLanguage(): Language;
  onCaption(text: string): void;
  onNeedsUnlock(): void;
  /** The call has been announced (or given up on): send the ack. */
  onDone(ticketId: string): void;
}

export class Announcer {
  private readonly queue: AnnounceJob[] = [];
  private running = false;
  private disposed = false;
  /** Kept referenced while speaking: Chrome drops `onend` of a garbage-collected utterance. */
  private utterance: SpeechSynthesisUtterance | null = null;

  constructor(private readonly callbacks: AnnouncerCallbacks) {}

  enqueue(job: AnnounceJob): void {
    this.queue.push(job);
    if (!this.running) void this.run();
  }

  /** A method, not the field: the flag changes while a job awaits. */
  private isDisposed(): boolean {
    return this.disposed;
  }

  dispose(): void {
    this.disposed = true;
    this.queue.length = 0;
    if (hasSpeech()) {
      try {
        window.speechSynthesis.cancel();
      } catch {
        // nothing to cancel
      }
    }
  }

  private async run(): Promise<void> {
    this.running = true;
    while (this.queue.length > 0 && !this.disposed) {
      const job = this.queue.shift();
      if (!job) break;
      try {
        await this.play(job);
      } catch {
        // never let one call block the next
      }
      if (!this.isDisposed()) this.callbacks.onDone(job.ticketId);
    }
    this.running = false;
  }

  private async play(job: AnnounceJob): Promise<void> {
    // Read at each call: a setting changed meanwhile (voice.updated) applies to this one.
    const voice = this.callbacks.voice();
    const input = {
      ticketNumber: job.ticketNumber,
      counterName: job.counterName,
      counterNumber: job.counterNumber,
      style: voice.numberStyle,
    };
    const sentences = announcementsFor(voice.mode, input, { id: voice.templateId, en: voice.templateEn });
    // The caption is always shown (accessibility), in the spoken language(s) or the UI's.
    this.callbacks.onCaption(
      sentences.length > 0
        ? sentences.map((s) => s.text).join(' · ')
        : announcementText({ ...input, language: this.callbacks.uiLanguage() }),
    );
    if (voice.mode === 'off') return;
    await this.chime(voice.volume);
    const repeat = Math.min(5, Math.max(1, Math.round(voice.repeat || 1)));
    for (let round = 0; round < repeat && !this.disposed; round += 1) {
      for (const sentence of sentences) {
        if (this.isDisposed()) return;
        const preferred = sentence.language === 'id' ? voice.voiceNameId : voice.voiceNameEn;
        if (hasSpeech()) await this.speak(sentence.text, sentence.language, preferred, voice);
        else await this.fallback(sentence.text, sentence.language, voice.volume);
      }
    }
  }

  /** Two-tone "ding-dong" (E5 then C5), generated. */
  private async chime(volume: number): Promise<void> {
    const ctx = getAudioContext();
    if (!ctx) return;
    if (!isRunning(ctx)) {
      try {
        await Promise.race([ctx.resume(), sleep(300)]);
      } catch {
        // checked below
      }
      if (!isRunning(ctx)) {
        this.callbacks.onNeedsUnlock();
        return;
      }
    }
    const gainLevel = Math.min(1, Math.max(0.05, volume || 1)) * 0.35;
    const start = ctx.currentTime + 0.02;
    [659.25, 523.25].forEach((frequency, index) => {
      const at = start + index * 0.5;
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.setValueAtTime(frequency, at);
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(gainLevel, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.65);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.7);
    });
    await sleep(CHIME_MS);
  }

  private speak(
    text: string,
    language: Language,
    preferredName: string | null,
    voice: VoiceSettings,
  ): Promise<void> {
    const lang = SPEECH_LANG[language];
    recordSpoken({ lang, text });
    return new Promise<void>((resolve) => {
      let settled = false;
      const finish = () => {
        if (settled) return;
        settled = true;
        clearTimeout(watchdog);
        this.utterance = null;
        resolve();
      };
      const watchdog = setTimeout(() => {
        // Never ended: blocked, or a stuck engine. Cancel, ask for a tap, and go on.
        try {
          window.speechSynthesis.cancel();
        } catch {
          // ignore
        }
        this.callbacks.onNeedsUnlock();
        finish();
      }, SPEECH_TIMEOUT_MS);
      try {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = lang;
        const chosen = pickVoice(language, preferredName);
        if (chosen) utterance.voice = chosen;
        utterance.rate = voice.rate > 0 ? voice.rate : 1;
        utterance.pitch = voice.pitch >= 0 ? voice.pitch : 1;
        utterance.volume = Math.min(1, Math.max(0, voice.volume));
        utterance.onend = finish;
        utterance.onerror = (event) => {
          if (event.error === 'not-allowed') this.callbacks.onNeedsUnlock();
          finish();
        };
        this.utterance = utterance;
        window.speechSynthesis.speak(utterance);
      } catch {
        finish();
      }
    });
  }

  /** No speech engine: one more chime and the caption held for the sentence's reading time. */
  private async fallback(text: string, language: Language, volume: number): Promise<void> {
    recordSpoken({ lang: SPEECH_LANG[language], text });
    await this.chime(volume);
    await sleep(Math.min(6_000, Math.max(2_500, text.length * 60)));
  }
}
