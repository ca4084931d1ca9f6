/**
 * The messages a call's contract violations answer with, naming the field by its label:
 * 「公告标题」长度不能超过100个字符, 请输入公告标题. The envelope's message is the first; every
 * one is listed beside it (./contract).
 */
import type { ErrorObject } from 'ajv';
import { labelFor } from './contract-fields';
import { chosenError, describeErrors, errorGroups } from './schema-errors';

function fieldOf(error: ErrorObject): string {
  const parts = error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (error.keyword === 'required') parts.push(String(error.params.missingProperty ?? ''));
  if (error.keyword === 'additionalProperties')
    parts.push(String(error.params.additionalProperty ?? ''));
  return [...parts].reverse().find((part) => !/^\d+$/.test(part)) ?? '';
}

/** What is wrong with one field of a body, as the call answers it. */
export interface FieldProblem {
  /** The property the message is about (empty for the body as a whole). */
  field: string;
  label: string;
  message: string;
}

/** A problem with where the value is in the body, as a JSON pointer (`/tags/0`; empty: the body). */
export interface LocatedProblem extends FieldProblem {
  pointer: string;
}

/** The problem of one group of errors (./schema-errors errorGroups): one field, one message. */
function problemOf(errors: readonly ErrorObject[], labels: Map<string, string>): FieldProblem {
  const field = fieldOf(chosenError(errors));
  const label = labelFor(labels, field);
  return { field, label, message: describeErrors(errors, label) };
}

/** Every problem of a value, in the order found (ajv reports them all). */
export function problemsFor(
  errors: readonly ErrorObject[],
  labels: Map<string, string>,
): LocatedProblem[] {
  return errorGroups(errors).map((group) => ({
    ...problemOf(group.errors, labels),
    pointer: group.pointer,
  }));
}

/** The first problem of a value: the one the envelope's message names. */
export function problemFor(
  errors: readonly ErrorObject[],
  labels: Map<string, string>,
): FieldProblem {
  return problemOf(errorGroups(errors)[0]?.errors ?? errors, labels);
}
