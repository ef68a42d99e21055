import {
  accessTexts,
  findContactDetails,
  questionsSectionId,
  questionTexts,
  webTexts,
  type NewQuestion,
  type NewQuestionInput,
  type Question,
  type QuestionAnswer,
  type QuestionAnswerInput,
} from '@recell/contract';
import { useId, useRef, useState, type ReactNode } from 'react';
import { useForm, type FieldValues, type Path, type UseFormRegisterReturn } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { paths, type FromLocationState } from '@/config/paths';
import { EmailConfirmationRequired, useAuth } from '@/features/auth';
import { showActionError, showFormError } from '@/lib/form-errors';
import { lazyZodResolver } from '@/lib/lazy-resolver';
import { toast } from '@/lib/toast';
import { useAnswerQuestion, useAskQuestion, useProductQuestions, useSetQuestionHidden } from '../api/product-questions';

// The schemas load on a form's first check (the page itself needs none).
const askResolver = lazyZodResolver<NewQuestionInput, NewQuestion>(() =>
  import('../schema').then((module) => module.NewQuestionSchema),
);
const answerResolver = lazyZodResolver<QuestionAnswerInput, QuestionAnswer>(() =>
  import('../schema').then((module) => module.QuestionAnswerSchema),
);

const inputClass =
  'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-600 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:aria-[invalid=true]:border-red-400';
const mutedClass = 'text-sm text-slate-600 dark:text-slate-400';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric' });

/**
 * Warns once before a text with contact details goes: the first press shows the warning, a press
 * of Send anyway (or of the form's button again, with the same text) sends it; the server masks
 * them either way.
 */
function useContactDetailsWarning() {
  const [warnedText, setWarnedText] = useState<string | null>(null);
  return {
    warnedText,
    /** True when `text` may go now; otherwise the warning shows. */
    mayGo: (text: string) => {
      if (findContactDetails(text).length === 0 || warnedText === text) return true;
      setWarnedText(text);
      return false;
    },
    clear: () => {
      setWarnedText(null);
    },
  };
}

function ContactDetailsWarning({ onEdit, isBusy }: { onEdit: () => void; isBusy: boolean }) {
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
    >
      <p className="font-semibold">{questionTexts.contactWarningTitle}</p>
      <p>{questionTexts.contactWarning}</p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" className="btn btn-primary" disabled={isBusy}>
          {questionTexts.sendAnyway}
        </button>
        <button type="button" className="btn btn-outline" onClick={onEdit}>
          {questionTexts.editText}
        </button>
      </div>
    </div>
  );
}

/** A textarea with its label, hint and error tied to it. */
function TextBox<T extends FieldValues>({
  id,
  label,
  hint,
  error,
  field,
  boxRef,
}: {
  id: string;
  label: ReactNode;
  hint: string;
  error: string | undefined;
  field: UseFormRegisterReturn<Path<T>>;
  boxRef: React.RefObject<HTMLTextAreaElement | null>;
}) {
  const { ref, ...rest } = field;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      <textarea
        id={id}
        rows={3}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        {...rest}
        ref={(element) => {
          ref(element);
          boxRef.current = element;
        }}
      />
      <p id={`${id}-hint`} className={`mt-1 ${mutedClass}`}>
        {hint}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}

function AskForm({ productId }: { productId: string }) {
  const id = useId();
  const ask = useAskQuestion(productId);
  const warning = useContactDetailsWarning();
  const boxRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<NewQuestionInput, unknown, NewQuestion>({ resolver: askResolver, defaultValues: { text: '' } });

  const onSubmit = async (question: NewQuestion) => {
    if (!warning.mayGo(question.text)) return;
    try {
      await ask.mutateAsync(question);
    } catch (error) {
      showFormError(error, setError, ['text']);
      return;
    }
    warning.clear();
    reset();
    toast.success(questionTexts.asked);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-6 grid gap-3">
      <h3 className="text-lg font-semibold">{questionTexts.askHeading}</h3>
      <TextBox<NewQuestionInput>
        id={`${id}-text`}
        label={questionTexts.askLabel}
        hint={questionTexts.askHint}
        error={errors.text?.message}
        field={register('text')}
        boxRef={boxRef}
      />
      {warning.warnedText !== null && (
        <ContactDetailsWarning
          isBusy={isSubmitting}
          onEdit={() => {
            warning.clear();
            boxRef.current?.focus();
          }}
        />
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? questionTexts.asking : questionTexts.askSubmit}
        </button>
      </div>
    </form>
  );
}

function AnswerForm({ productId, question }: { productId: string; question: Question }) {
  const id = useId();
  const answer = useAnswerQuestion(productId);
  const warning = useContactDetailsWarning();
  const boxRef = useRef<HTMLTextAreaElement | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<QuestionAnswerInput, unknown, QuestionAnswer>({
    resolver: answerResolver,
    defaultValues: { answer: '' },
  });

  const onSubmit = async (value: QuestionAnswer) => {
    if (!warning.mayGo(value.answer)) return;
    try {
      await answer.mutateAsync({ questionId: question.id, answer: value });
    } catch (error) {
      showFormError(error, setError, ['answer']);
      return;
    }
    toast.success(questionTexts.answered);
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)} className="mt-3 grid gap-3">
      <TextBox<QuestionAnswerInput>
        id={`${id}-answer`}
        label={
          <>
            {questionTexts.answerLabel}{' '}
            <span className="sr-only">{questionTexts.answerLabelQuestion(question.text)}</span>
          </>
        }
        hint={questionTexts.answerHint}
        error={errors.answer?.message}
        field={register('answer')}
        boxRef={boxRef}
      />
      {warning.warnedText !== null && (
        <ContactDetailsWarning
          isBusy={isSubmitting}
          onEdit={() => {
            warning.clear();
            boxRef.current?.focus();
          }}
        />
      )}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
          {isSubmitting ? questionTexts.answering : questionTexts.answerSubmit}
        </button>
      </div>
    </form>
  );
}

function HideButton({ productId, question }: { productId: string; question: Question }) {
  const setHidden = useSetQuestionHidden(productId);
  const hide = !question.isHidden;
  const change = async () => {
    try {
      await setHidden.mutateAsync({ questionId: question.id, hidden: hide });
    } catch (error) {
      showActionError(error);
      return;
    }
    toast.success(hide ? questionTexts.hidden : questionTexts.shown);
  };
  return (
    <button
      type="button"
      className="btn btn-outline"
      disabled={setHidden.isPending}
      aria-busy={setHidden.isPending || undefined}
      onClick={() => void change()}
    >
      {hide ? questionTexts.hide : questionTexts.unhide}{' '}
      <span className="sr-only">{questionTexts.buttonQuestion(question.text)}</span>
    </button>
  );
}

/** One question: its words and answer as text (never markup), when each was written, and what the viewer may do. */
function QuestionItem({ question, children }: { question: Question; children?: ReactNode }) {
  return (
    <li className="rounded-2xl border border-slate-200 p-4 dark:border-slate-800">
      <dl className="grid gap-2">
        <div>
          <dt className="sr-only">{questionTexts.questionTerm}</dt>
          <dd className="font-semibold whitespace-pre-wrap [overflow-wrap:anywhere]">{question.text}</dd>
        </div>
        {question.answer !== null && (
          <div>
            <dt className={mutedClass}>{questionTexts.answerTerm}</dt>
            <dd className="whitespace-pre-wrap [overflow-wrap:anywhere]">{question.answer}</dd>
          </div>
        )}
      </dl>
      <p className={`mt-2 ${mutedClass}`}>
        {question.isMine && <>{questionTexts.yourQuestion} · </>}
        {questionTexts.askedOn} <time dateTime={question.askedAt}>{dateOf(question.askedAt)}</time>
        {question.answeredAt !== null && (
          <>
            {' · '}
            {questionTexts.answeredOn} <time dateTime={question.answeredAt}>{dateOf(question.answeredAt)}</time>
          </>
        )}
        {question.answeredAt === null && <> · {questionTexts.waitingForAnswer}</>}
        {question.isHidden && <> · {questionTexts.hiddenMarker}</>}
      </p>
      {children}
    </li>
  );
}

/**
 * A listing's Questions, under its details: the answered ones for everyone (who asked is never
 * shown), the form to ask for a signed-in buyer (a visitor gets a link to log in), the waiting ones
 * with an answer form for the seller, the asker's own waiting ones, and Hide / Show again for an
 * admin. Loaded after the listing itself; `isForSale` says whether a visitor is offered to ask.
 */
export function QuestionsSection({ productId, isForSale }: { productId: string; isForSale: boolean }) {
  const headingId = useId();
  const location = useLocation();
  const { status, user } = useAuth();
  const questions = useProductQuestions(productId, user?.id ?? null, status !== 'loading');
  const first = questions.data?.pages[0];
  const answered = questions.data?.pages.flatMap((page) => page.items) ?? [];
  const viewer = first?.viewer;
  const signInState: FromLocationState = { from: location, reason: 'ask' };

  return (
    <section id={questionsSectionId} aria-labelledby={headingId} className="mx-auto max-w-6xl px-4 pb-12">
      <h2 id={headingId} className="text-2xl font-bold">
        {questionTexts.heading}
      </h2>
      <p className={`mt-1 ${mutedClass}`}>{viewer?.isSeller ? questionTexts.ownListingNote : questionTexts.intro}</p>

      {(status === 'loading' || questions.isPending) && <Spinner />}
      {questions.isError && (
        <div className="mt-4">
          <LoadError error={questions.error} onRetry={() => void questions.refetch()} />
        </div>
      )}

      {first && first.unanswered.length > 0 && (
        <div className="mt-6">
          <h3 className="text-lg font-semibold">
            {viewer?.isSeller
              ? questionTexts.unansweredHeading(first.unansweredCount)
              : viewer?.canModerate
                ? questionTexts.adminUnansweredHeading
                : questionTexts.yourOpenHeading}
          </h3>
          <ul className="mt-3 grid gap-3">
            {first.unanswered.map((question) => (
              <QuestionItem key={question.id} question={question}>
                {viewer?.isSeller && <AnswerForm productId={productId} question={question} />}
                {viewer?.canModerate && (
                  <div className="mt-2">
                    <HideButton productId={productId} question={question} />
                  </div>
                )}
              </QuestionItem>
            ))}
          </ul>
        </div>
      )}

      {questions.isSuccess && answered.length === 0 && <p className="mt-4">{questionTexts.none}</p>}
      {answered.length > 0 && (
        <ul className="mt-4 grid gap-3">
          {answered.map((question) => (
            <QuestionItem key={question.id} question={question}>
              {viewer?.canModerate && (
                <div className="mt-2">
                  <HideButton productId={productId} question={question} />
                </div>
              )}
            </QuestionItem>
          ))}
        </ul>
      )}
      {questions.hasNextPage && (
        <div className="mt-4">
          <button
            type="button"
            className="btn btn-outline"
            disabled={questions.isFetchingNextPage}
            aria-busy={questions.isFetchingNextPage || undefined}
            onClick={() => void questions.fetchNextPage()}
          >
            {questions.isFetchingNextPage ? webTexts.loading : questionTexts.loadMore}
          </button>
        </div>
      )}

      {viewer?.canAsk &&
        (user?.isEmailConfirmed === false ? (
          <div className="mt-6">
            <EmailConfirmationRequired what={accessTexts.confirmToAsk} />
          </div>
        ) : (
          <AskForm productId={productId} />
        ))}
      {status === 'signedOut' && isForSale && (
        <p className="mt-6">
          <Link to={paths.login.to()} state={signInState} className="link">
            {questionTexts.signInToAsk}
          </Link>
          <span className={`ml-2 ${mutedClass}`}>{accessTexts.comeBackAfterLogin}</span>
        </p>
      )}
    </section>
  );
}
