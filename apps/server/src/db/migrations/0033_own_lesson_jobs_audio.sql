ALTER TABLE "own_lesson_jobs" ADD COLUMN "audio" jsonb;--> statement-breakpoint
ALTER TABLE "own_lesson_jobs" ADD COLUMN "cues" jsonb;