/**
 * The rows of the mock's tables as a database keeps them, one row per record, and what it is
 * asked to do (./row-tracking finds the writes, ./sqlite-store is the database).
 */
import type { MockRow } from './types';

/** 0: the live rows; 1: the recycle bin. */
export type RowBin = 0 | 1;

/** A row as the database holds it: its slot (its key, never reused in a table), list and place. */
export interface StoredRow {
  slot: number;
  bin: RowBin;
  position: number;
  value: MockRow;
}

/** One row to write: its record text when the row is new or changed, else its new place only. */
export interface RowWrite {
  slot: number;
  bin: RowBin;
  position: number;
  record?: string;
}

/** What one write changes in one table. */
export interface TableWrite {
  name: string;
  nextId: number;
  put: RowWrite[];
  /** Slots of rows gone from the table. */
  removed: number[];
}

/** A table as the database holds it. */
export interface StoredTable {
  nextId: number;
  rows: StoredRow[];
}

/** Where the rows go (./sqlite-store). */
export interface RowDatabase {
  /** One write, all or nothing, committed before it returns; throws when it cannot. */
  commit(writes: readonly TableWrite[]): void;
  /** Every table replaced by these (the demo's reset), all or nothing. */
  replaceAll(writes: readonly TableWrite[]): void;
  /** One table as it is stored, or undefined when it is not. */
  read(name: string): StoredTable | undefined;
}
