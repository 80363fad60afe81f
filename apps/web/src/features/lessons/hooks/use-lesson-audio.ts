import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { flushSync } from 'react-dom';
import { LESSON_SLIDER_STEP_MS } from '@turtle/shared/constants';
import type { TranscriptEntry } from '@turtle/shared/lesson';
import { parseDuration, sentenceIndexAt } from '@turtle/shared/lesson-helpers';

export interface LessonAudioState {
  playing: boolean;
  /** The playback time, in slider steps (100 ms). */
  positionMs: number;
  /** The audio's own length once known; the listed duration until then. */
  durationMs: number;
  /** The sentence being spoken (product.md §4: the last one starting at or before the time), or -1. */
  currentIndex: number;
  failed: boolean;
}

export interface LessonAudioControls {
  play: () => void;
  pause: () => void;
  toggle: () => void;
  /** Moves to `ms`, clamped between 0 and the end (product.md §4). */
  seek: (ms: number) => void;
  skip: (deltaMs: number) => void;
}

/** A longer gap between frames (a busy or hidden tab) is no guide to the next one. */
const MAX_FRAME_MS = 50;
/** Frames this far apart mean they have stopped (a hidden tab). */
const FRAMES_STOPPED_MS = 250;

const toStep = (ms: number) => Math.floor(ms / LESSON_SLIDER_STEP_MS) * LESSON_SLIDER_STEP_MS;

/**
 * The lesson's `<audio>` as React state. While it plays, the current sentence is computed on every animation frame
 * from the audio clock (not only on `timeupdate`, which fires a few times a second), so the highlight follows the
 * voice within a frame. State changes only when the sentence or the 100 ms slider step changes.
 */
export function useLessonAudio(
  audioRef: RefObject<HTMLAudioElement | null>,
  transcript: TranscriptEntry[],
  listedDuration: string,
  options: { startAtMs?: number; rate: number },
): [LessonAudioState, LessonAudioControls] {
  const [playing, setPlaying] = useState(false);
  const [positionMs, setPositionMs] = useState(() => toStep(options.startAtMs ?? 0));
  const [durationMs, setDurationMs] = useState(() => parseDuration(listedDuration) || 0);
  const [currentIndex, setCurrentIndex] = useState(() => sentenceIndexAt(transcript, options.startAtMs ?? 0));
  const shownIndex = useRef(currentIndex);
  /** When the animation-frame loop last ran (`performance.now()`), 0 when it is not running. */
  const lastFrameAt = useRef(0);
  /** The last seek went to the end: Chromium may refine an MP3's length after reading there, and the end moves. */
  const soughtToEnd = useRef(false);
  const [failed, setFailed] = useState(false);
  const { startAtMs, rate } = options;

  /** `aheadMs` of audio: the frame being prepared reaches the screen a little after the clock was read. */
  const showTime = useCallback(
    (ms: number, aheadMs = 0) => {
      const index = sentenceIndexAt(transcript, ms + aheadMs);
      if (index !== shownIndex.current) {
        shownIndex.current = index;
        // Committed now, inside this animation frame, so the highlight is painted in it and not a frame later.
        flushSync(() => setCurrentIndex(index));
      }
      setPositionMs(toStep(ms));
    },
    [transcript],
  );

  const sync = useCallback(() => {
    const audio = audioRef.current;
    if (audio) showTime(Math.round(audio.currentTime * 1000));
  }, [audioRef, showTime]);

  // While playing, every frame: the clock read now is painted about half a frame later, so the sentence shown is
  // the one spoken half a frame ahead (the error is then at most half a frame either way, not a whole one late).
  useEffect(() => {
    const audio = audioRef.current;
    if (!playing || !audio) return;
    let last: number | undefined;
    let frame = requestAnimationFrame(function tick(now) {
      const frameMs = last === undefined ? 0 : Math.min(now - last, MAX_FRAME_MS);
      last = now;
      lastFrameAt.current = performance.now();
      showTime(Math.round(audio.currentTime * 1000), (frameMs / 2) * audio.playbackRate);
      frame = requestAnimationFrame(tick);
    });
    return () => {
      cancelAnimationFrame(frame);
      lastFrameAt.current = 0;
    };
  }, [audioRef, playing, showTime]);

  useEffect(() => {
    const audio = audioRef.current;
    if (!audio) return;
    const onPlay = () => setPlaying(true);
    const onPause = () => {
      setPlaying(false);
      sync();
    };
    const onMetadata = () => {
      if (!Number.isFinite(audio.duration) || audio.duration <= 0) return;
      setDurationMs(Math.round(audio.duration * 1000));
      if (soughtToEnd.current && audio.currentTime < audio.duration) audio.currentTime = audio.duration;
    };
    const onError = () => setFailed(true);
    // `timeupdate` keeps things right where frames do not run (a hidden tab), and only there: it must not undo the
    // frames' look-ahead. `seeked` after any seek.
    const onTimeUpdate = () => {
      if (performance.now() - lastFrameAt.current > FRAMES_STOPPED_MS) sync();
    };
    const events: [string, () => void][] = [
      ['play', onPlay],
      ['pause', onPause],
      ['ended', onPause],
      ['seeked', sync],
      ['timeupdate', onTimeUpdate],
      ['loadedmetadata', onMetadata],
      ['durationchange', onMetadata],
      ['error', onError],
    ];
    for (const [name, listener] of events) audio.addEventListener(name, listener);
    onMetadata();
    return () => {
      for (const [name, listener] of events) audio.removeEventListener(name, listener);
    };
  }, [audioRef, sync]);

  // Resume where the learner left off, once the audio can seek.
  useEffect(() => {
    const audio = audioRef.current;
    if (!audio || !startAtMs) return;
    const resume = () => {
      audio.currentTime = startAtMs / 1000;
    };
    if (audio.readyState >= HTMLMediaElement.HAVE_METADATA) resume();
    else audio.addEventListener('loadedmetadata', resume, { once: true });
    return () => audio.removeEventListener('loadedmetadata', resume);
  }, [audioRef, startAtMs]);

  useEffect(() => {
    const audio = audioRef.current;
    if (audio) {
      audio.defaultPlaybackRate = rate;
      audio.playbackRate = rate;
    }
  }, [audioRef, rate]);

  const controls = useMemo<LessonAudioControls>(() => {
    const audio = () => audioRef.current;
    const seek = (ms: number) => {
      const element = audio();
      if (!element) return;
      const end = Number.isFinite(element.duration) ? element.duration * 1000 : durationMs;
      const target = Math.min(Math.max(0, ms), end);
      soughtToEnd.current = target === end;
      element.currentTime = target / 1000;
      // Before the idle-time preload (decision 030), a seek starts loading the audio, as Play does.
      element.preload = 'auto';
      // Show it at once: `seeked` comes only once the audio has moved.
      showTime(target);
    };
    const play = () => {
      const element = audio();
      if (!element) return;
      soughtToEnd.current = false;
      if (element.ended) element.currentTime = 0;
      element.play().catch((error: unknown) => {
        // A pause() before playback started (AbortError) or a blocked autoplay (NotAllowedError) is no failure.
        if ((error as Error).name === 'NotSupportedError') setFailed(true);
      });
    };
    return {
      play,
      pause: () => audio()?.pause(),
      toggle: () => (audio()?.paused ? play() : audio()?.pause()),
      seek,
      skip: (deltaMs) => {
        const element = audio();
        if (element) seek(element.currentTime * 1000 + deltaMs);
      },
    };
  }, [audioRef, durationMs, showTime]);

  return [{ playing, positionMs, durationMs, currentIndex, failed }, controls];
}
