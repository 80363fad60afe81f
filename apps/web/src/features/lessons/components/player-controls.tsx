import { Pause, Play, RotateCcw, RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import { LESSON_SKIP_STEP_SECONDS, LESSON_SLIDER_STEP_MS } from '@turtle/shared/constants';
import { formatClock } from '@turtle/shared/lesson-helpers';
import { cn } from '../../../lib/cn';
import { PLAYBACK_RATES } from '../../../lib/lessons/lesson-progress-store';
import type { LessonAudioControls, LessonAudioState } from '../hooks/use-lesson-audio';

interface PlayerControlsProps {
  audio: LessonAudioState;
  controls: LessonAudioControls;
  /** Chat mode (product.md §4): the transport does not respond. */
  disabled: boolean;
  rate: number;
  onRate: (rate: number) => void;
  /** Below the transport (the phone layout's "Wait, I have questions"). */
  children?: ReactNode;
}

const roundButton =
  'inline-flex items-center justify-center rounded-full transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:pointer-events-none disabled:opacity-40';

/** product.md §2: the progress slider (100 ms steps) with elapsed and total mm:ss, skip 10 s back and forward, play/pause. */
export function PlayerControls({ audio, controls, disabled, rate, onRate, children }: PlayerControlsProps) {
  const skip = LESSON_SKIP_STEP_SECONDS * 1000;
  const elapsed = formatClock(audio.positionMs);
  const total = formatClock(audio.durationMs);
  return (
    <div className="border-t border-slate-200 bg-white/95 px-4 pt-3 pb-4 backdrop-blur sm:px-8">
      <div className="mx-auto flex max-w-2xl flex-col gap-2">
        <input
          type="range"
          aria-label="Progress"
          aria-valuetext={`${elapsed} of ${total}`}
          min={0}
          max={Math.max(audio.durationMs, LESSON_SLIDER_STEP_MS)}
          step={LESSON_SLIDER_STEP_MS}
          value={Math.min(audio.positionMs, audio.durationMs)}
          disabled={disabled}
          onChange={(event) => controls.seek(Number(event.target.value))}
          className="h-2 w-full cursor-pointer accent-brand-700 disabled:cursor-default disabled:opacity-40"
        />
        <div className="flex justify-between text-xs font-medium text-slate-500 tabular-nums">
          <span aria-label="Elapsed">{elapsed}</span>
          <span aria-label="Total">{total}</span>
        </div>
        <div className="relative flex items-center justify-center gap-4 sm:gap-6">
          <button
            type="button"
            aria-label={`Back ${LESSON_SKIP_STEP_SECONDS} seconds`}
            title={`Back ${LESSON_SKIP_STEP_SECONDS} s (←)`}
            disabled={disabled}
            onClick={() => controls.skip(-skip)}
            className={cn(roundButton, 'size-11 text-slate-700 hover:bg-slate-100')}
          >
            <RotateCcw className="size-6" aria-hidden="true" />
          </button>
          <button
            type="button"
            aria-label={audio.playing ? 'Pause' : 'Play'}
            title={audio.playing ? 'Pause (Space)' : 'Play (Space)'}
            disabled={disabled}
            onClick={controls.toggle}
            className={cn(roundButton, 'size-14 bg-brand-700 text-white shadow-md hover:bg-brand-800')}
          >
            {audio.playing ? (
              <Pause className="size-6 fill-current" aria-hidden="true" />
            ) : (
              <Play className="ml-0.5 size-6 fill-current" aria-hidden="true" />
            )}
          </button>
          <button
            type="button"
            aria-label={`Forward ${LESSON_SKIP_STEP_SECONDS} seconds`}
            title={`Forward ${LESSON_SKIP_STEP_SECONDS} s (→)`}
            disabled={disabled}
            onClick={() => controls.skip(skip)}
            className={cn(roundButton, 'size-11 text-slate-700 hover:bg-slate-100')}
          >
            <RotateCw className="size-6" aria-hidden="true" />
          </button>
          <label className="absolute right-0 flex items-center">
            <span className="sr-only">Playback speed</span>
            <select
              value={rate}
              disabled={disabled}
              onChange={(event) => onRate(Number(event.target.value))}
              className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm font-semibold text-slate-700 tabular-nums disabled:opacity-40"
            >
              {PLAYBACK_RATES.map((value) => (
                <option key={value} value={value}>
                  {value}x
                </option>
              ))}
            </select>
          </label>
        </div>
        {children}
        {audio.failed && (
          <p role="alert" className="text-center text-sm text-red-700">
            The audio could not be played. Reload the page to try again.
          </p>
        )}
      </div>
    </div>
  );
}
