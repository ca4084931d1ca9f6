/**
 * The switches 后台设计 puts on a designed module (contract: DesignerModule is_recycle,
 * is_import, is_mylist; 1 on, 2 off) and the generic calls each one governs. One table, so the
 * generic deal screens offer exactly what the mock backend serves.
 */
import type { Capability } from './module';

export const DESIGN_FLAGS = {
  /** 开启回收站: deleting moves a record to the bin, from where it is restored or destroyed. */
  is_recycle: ['recycle', 'restore', 'destroy'],
  /** 开启导入导出: Excel import, its template and the export. */
  is_import: ['import', 'importtemplate', 'export'],
  /** 开启我的列表: the signed-in user's own records. */
  is_mylist: ['mylist'],
} as const satisfies Record<string, readonly Capability[]>;

export type DesignFlag = keyof typeof DESIGN_FLAGS;

/** A designed module's switches: true on. */
export type DesignFlags = Record<DesignFlag, boolean>;

/**
 * The switches of a designer row. Only 1 is on: the contract's default is 2 (off), so a module
 * stored without a switch has it off, as its form and its list show it.
 */
export function designFlagsOf(row: Readonly<Record<string, unknown>>): DesignFlags {
  return {
    is_recycle: Number(row.is_recycle) === 1,
    is_import: Number(row.is_import) === 1,
    is_mylist: Number(row.is_mylist) === 1,
  };
}

/** The switch that governs a capability (undefined: no switch, always offered). */
export function flagOfCapability(capability: string): DesignFlag | undefined {
  return (Object.keys(DESIGN_FLAGS) as DesignFlag[]).find((flag) =>
    (DESIGN_FLAGS[flag] as readonly string[]).includes(capability),
  );
}

/** The capabilities the switches leave: those of a switched-off flag removed. */
export function withDesignFlags<T extends string>(
  capabilities: readonly T[],
  flags: DesignFlags,
): T[] {
  return capabilities.filter((capability) => {
    const flag = flagOfCapability(capability);
    return flag === undefined || flags[flag];
  });
}
