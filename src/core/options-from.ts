/**
 * How a form reaches the options of another resource of an imported source
 * (FieldDefinition.optionsFrom) without the form engine depending on the REST adapter: the
 * adapter (src/lib/rest-source) installs the loader when it loads — always before any form of a
 * source's module can open, since the module's calls are made by it. Until then: no options.
 */
import type { FieldOption, OptionsFrom } from './field-definition';
import { isRecord } from './guards';

export interface OptionsFromLoader {
  options(from: OptionsFrom, signal: AbortSignal): Promise<FieldOption[]>;
  /** The record an option stands for, as last listed (a field that stores the whole record). */
  record(from: OptionsFrom, key: unknown): Record<string, unknown> | undefined;
}

let installed: OptionsFromLoader | undefined;

export function installOptionsFromLoader(loader: OptionsFromLoader): void {
  installed = loader;
}

export function loadOptionsFrom(from: OptionsFrom, signal: AbortSignal): Promise<FieldOption[]> {
  return installed ? installed.options(from, signal) : Promise.resolve([]);
}

/** The listed record of `key`, or undefined when it was not among the options loaded. */
export function recordFrom(from: OptionsFrom, key: unknown): Record<string, unknown> | undefined {
  return installed?.record(from, key);
}

/**
 * The key a stored value stands for: a reference field stores the other resource's record
 * (`{id: 3, name: …}`), which lists and selects show and match by its key.
 */
export function referencedKey(from: OptionsFrom | undefined, value: unknown): unknown {
  return from && isRecord(value) ? value[from.value] : value;
}
