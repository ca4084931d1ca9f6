// @vitest-environment node
/**
 * Issue 52: a long CLI step tells its progress on a terminal — one line per step on stderr
 * (生成中: 构建模型 3/7 …) — and stays quiet in a pipe and in `--json`.
 */
import { describe, expect, it } from 'vitest';
import { progressLines, type ProgressStream } from '../../../cli/progress';
import { GENERATE_STEPS } from '../../../generator/generate';
import { cliProgressMessages } from '@/locale/cli-progress';

/** A stand-in for process.stderr that keeps what is written. */
function fakeStream(isTTY: boolean): ProgressStream & { written: string[] } {
  const written: string[] = [];
  return { isTTY, written, write: (text: string) => written.push(text) };
}

describe('progress lines of the CLI', () => {
  it('prints one line per step on a terminal', () => {
    const terminal = fakeStream(true);
    const step = progressLines('生成中', { json: false, stream: terminal });
    step?.('构建模型', 3, 7);
    step?.('写入文件', 6, 7);
    expect(terminal.written).toEqual(['生成中: 构建模型 3/7 …\n', '生成中: 写入文件 6/7 …\n']);
  });

  it('prints nothing in a pipe or with --json', () => {
    expect(progressLines('生成中', { json: false, stream: fakeStream(false) })).toBeUndefined();
    expect(progressLines('生成中', { json: true, stream: fakeStream(true) })).toBeUndefined();
  });

  it('names every step of generate in Chinese', () => {
    for (const step of GENERATE_STEPS)
      expect(cliProgressMessages.generateSteps[step]).toMatch(/[\u4e00-\u9fff]/);
  });
});
