// The feedback form's rules: a rating and a comment are required, the comment has a maximum length.
import { FEEDBACK_COMMENT_MAX_LENGTH } from '@portal/contracts';

export type FeedbackError = 'required' | 'maxLength';
export interface FeedbackErrors {
  grade?: FeedbackError;
  comment?: FeedbackError;
}

export function validateFeedback(values: {
  grade: string | null;
  comment: string;
}): FeedbackErrors {
  const errors: FeedbackErrors = {};
  if (!values.grade) errors.grade = 'required';
  const comment = values.comment.trim();
  if (comment.length === 0) errors.comment = 'required';
  else if (comment.length > FEEDBACK_COMMENT_MAX_LENGTH) errors.comment = 'maxLength';
  return errors;
}
