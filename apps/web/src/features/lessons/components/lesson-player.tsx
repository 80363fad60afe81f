import { MessageCircleQuestion } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LESSON_SERIES_TITLE, LESSON_SKIP_STEP_SECONDS } from '@turtle/shared/constants';
import type { Lesson, TranscriptEntry } from '@turtle/shared/lesson';
import { isSeriesLesson } from '@turtle/shared/lesson-helpers';
import { Button } from '../../../components/ui/button';
import { setLessonCompleted, useLessonProgress } from '../../../lib/lessons/lesson-progress-store';
import { useWhenIdle } from '../../../lib/use-when-idle';
import { useIsMobile } from '../hooks/use-is-mobile';
import { useLessonAudio } from '../hooks/use-lesson-audio';
import { useLessons } from '../hooks/use-lessons';
import { useMediaSession } from '../hooks/use-media-session';
import { usePaneWidth } from '../hooks/use-pane-width';
import { usePlayerKeys } from '../hooks/use-player-keys';
import { resumePosition, useSavePosition } from '../hooks/use-save-position';
import { useTutorChat } from '../hooks/use-tutor-chat';
import { LessonFinished } from './lesson-finished';
import { BackToLessons } from './back-to-lessons';
import { LazyMakeCardsMenu } from './make-cards-button';
import { CorrectSentenceButton, CorrectSentencePanel } from './correct-sentence';
import { PlayerControls } from './player-controls';
import { TranscriptView } from './transcript-view';
import { TutorPane } from './tutor-pane';

/** product.md §2: "Wait, I have questions" (or W) pauses the lesson and opens the tutor. */
function AskButton({ onClick, disabled, className }: { onClick: () => void; disabled: boolean; className?: string }) {
  return (
    <Button
      variant="secondary"
      size="sm"
      onClick={onClick}
      disabled={disabled}
      title="Wait, I have questions (W)"
      className={className}
    >
      <MessageCircleQuestion className="size-4 text-brand-700" aria-hidden="true" />
      Wait, I have questions
    </Button>
  );
}

/** A moment named in the address (`?t=61500`), if it is one. */
function momentInAddress(value: string | null): number | undefined {
  const ms = Number(value ?? Number.NaN);
  return Number.isInteger(ms) && ms >= 0 ? ms : undefined;
}

/**
 * The lesson player (product.md §2 and §4): title, transcript, transport, and the tutor pane. Chat mode pauses the audio,
 * disables the transport and the sentences and dims the transcript; "Continue lesson" leaves it and plays on.
 */
export function LessonPlayer({ lesson }: { lesson: Lesson }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  // `?t=<ms>` (a flashcard's source chip): start there, and play.
  const [params] = useSearchParams();
  const [fromAddress] = useState(() => momentInAddress(params.get('t')));
  const [startAtMs] = useState(() => fromAddress ?? resumePosition(lesson));
  const rate = useLessonProgress((progress) => progress.playbackRate);
  const setRate = useLessonProgress((progress) => progress.setPlaybackRate);
  const [audio, controls] = useLessonAudio(audioRef, lesson.transcript, lesson.duration, { startAtMs, rate });
  // The audio (about 1.3 MB) starts loading once the player has drawn, not while its first render and reads still need
  // the network (decision 026); the player shows the lesson's duration from the API meanwhile, and Play loads it at once.
  useWhenIdle(
    useCallback(() => {
      if (audioRef.current) audioRef.current.preload = 'auto';
    }, []),
  );
  const [chatOpen, setChatOpen] = useState(false);
  /** The sentence of an own lesson being corrected (decision 046), by its index. */
  const [correcting, setCorrecting] = useState<number | null>(null);
  const chat = useTutorChat(lesson);
  const fullScreenPane = useIsMobile();
  const [paneWidth, setPaneWidth] = usePaneWidth();
  useSavePosition(lesson.id, audioRef, audio.positionMs, audio.playing);
  const [finished, setFinished] = useState(false);
  const lessons = useLessons();
  // Reaching the end ticks the lesson on this device (the mark is never sent: product.md §2, decision 021)
  // and offers the next one.
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return;
    const onEnded = () => {
      setFinished(true);
      setLessonCompleted(lesson.id, true);
    };
    const onPlay = () => setFinished(false);
    element.addEventListener('ended', onEnded);
    element.addEventListener('play', onPlay);
    return () => {
      element.removeEventListener('ended', onEnded);
      element.removeEventListener('play', onPlay);
    };
  }, [lesson.id]);

  const openChat = useCallback(() => {
    controls.pause();
    setChatOpen(true);
  }, [controls]);
  const continueLesson = useCallback(() => {
    setChatOpen(false);
    controls.play();
  }, [controls]);
  const keyActions = useMemo(
    () => ({
      toggle: controls.toggle,
      skip: (direction: -1 | 1) => controls.skip(direction * LESSON_SKIP_STEP_SECONDS * 1000),
      ask: openChat,
    }),
    [controls, openChat],
  );
  usePlayerKeys(!chatOpen, keyActions);
  useEffect(() => {
    if (fromAddress !== undefined) controls.play();
    // Only when the player opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useMediaSession(lesson.title, controls, { enabled: !chatOpen, rate, ...audio });
  const selectSentence = useCallback((entry: TranscriptEntry) => controls.seek(entry.startMs), [controls]);

  return (
    <div className="flex h-[calc(100dvh-4rem-1px)] min-h-96 w-full">
      <section aria-labelledby="lesson-title" className="flex min-w-0 flex-1 flex-col">
        <div className="flex items-start gap-2 border-b border-slate-200 px-2 py-3 sm:gap-3 sm:px-4">
          <BackToLessons />
          <div className="min-w-0 flex-1 pt-0.5">
            <p className="text-xs font-semibold tracking-wide text-brand-700 uppercase">
              {isSeriesLesson(lesson.id) ? `${LESSON_SERIES_TITLE} · Lesson ${lesson.id}` : 'My lessons'}
            </p>
            <h1 id="lesson-title" className="text-lg font-bold tracking-tight text-slate-900 sm:text-xl">
              {lesson.title}
            </h1>
          </div>
          <div className="mt-1 flex shrink-0 gap-2">
            {!isSeriesLesson(lesson.id) && (
              <CorrectSentenceButton
                disabled={chatOpen || audio.currentIndex < 0}
                onClick={() => setCorrecting(audio.currentIndex)}
              />
            )}
            <LazyMakeCardsMenu
              lessonId={lesson.id}
              current={lesson.transcript[audio.currentIndex]}
              onOpen={controls.pause}
            />
            <div className="hidden sm:block">
              <AskButton onClick={openChat} disabled={chatOpen} />
            </div>
          </div>
        </div>
        {correcting !== null && lesson.transcript[correcting] && (
          <CorrectSentencePanel
            key={correcting}
            lessonId={lesson.id}
            index={correcting}
            entry={lesson.transcript[correcting]}
            audioRef={audioRef}
            onClose={() => setCorrecting(null)}
          />
        )}
        <TranscriptView
          transcript={lesson.transcript}
          currentIndex={audio.currentIndex}
          disabled={chatOpen}
          onSelect={selectSentence}
        />
        {finished && !chatOpen && (
          <div className="px-4 sm:px-8">
            <LessonFinished
              lessonId={lesson.id}
              title={lesson.title}
              lessons={lessons}
              onReplay={() => controls.play()}
            />
          </div>
        )}
        <PlayerControls audio={audio} controls={controls} disabled={chatOpen} rate={rate} onRate={setRate}>
          <div className="sm:hidden">
            <AskButton onClick={openChat} disabled={chatOpen} className="w-full" />
          </div>
        </PlayerControls>
        <audio ref={audioRef} src={lesson.audioFile ?? undefined} preload="none">
          {lesson.captionsFile && (
            <track kind="captions" src={lesson.captionsFile} srcLang="en" label="English" default />
          )}
        </audio>
      </section>
      {chatOpen && (
        <TutorPane
          chat={chat}
          current={lesson.transcript[audio.currentIndex]}
          fullScreen={fullScreenPane}
          width={paneWidth}
          onWidth={setPaneWidth}
          onContinue={continueLesson}
          onSeek={controls.seek}
        />
      )}
    </div>
  );
}
