import { useEffect, useId, useRef } from 'react';

export type QuestionText = { message: string; yes: string; no: string };

/**
 * A yes-or-no question asked after a save ("print?"), keyboard first: Enter takes the default answer (yes, the
 * focused button), Esc always means no, and a character typed (a scanner's next code) means no and lands in the
 * field the screen focuses on no. Not an Ionic alert: with a toast in the page, Ionic's Escape went to the toast
 * (13 of 14 Esc presses were lost at a 2 s pace), and its focus trap took the scan typed next.
 */
export function Question({
  question,
  onAnswer,
}: {
  /** The question on show, or undefined when none is asked. */
  question: QuestionText | undefined;
  /** Answered; on no the screen focuses its next field at once (the key typed lands there). */
  onAnswer: (yes: boolean) => void;
}) {
  const yesRef = useRef<HTMLButtonElement>(null);
  const noRef = useRef<HTMLButtonElement>(null);
  const answer = useRef(onAnswer);
  answer.current = onAnswer;
  const messageId = useId();
  const open = question !== undefined;
  useEffect(() => {
    if (!open) return;
    yesRef.current?.focus();
    // On the window, in the capture phase: before Ionic's own Escape handling and before any field's keys.
    const onKey = (event: KeyboardEvent) => {
      const typed = event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (event.key === 'Tab') {
        event.preventDefault();
        (document.activeElement === yesRef.current ? noRef : yesRef).current?.focus();
        return;
      }
      if (event.key !== 'Escape' && event.key !== 'Enter' && !typed) return;
      event.stopPropagation();
      if (!typed) event.preventDefault();
      answer.current(event.key === 'Enter' && document.activeElement !== noRef.current);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [open]);
  if (!question) return null;
  return (
    <div className="question-backdrop">
      <div className="question" role="alertdialog" aria-modal="true" aria-describedby={messageId}>
        <p id={messageId}>{question.message}</p>
        <div className="question-buttons">
          <button ref={yesRef} type="button" className="plain-button" onClick={() => answer.current(true)}>
            {question.yes}
          </button>
          <button ref={noRef} type="button" className="plain-button outline" onClick={() => answer.current(false)}>
            {question.no}
          </button>
        </div>
      </div>
    </div>
  );
}
