/**
 * The progress lines the CLI's long steps print on a terminal (cli/progress.ts): stderr only,
 * never in `--json`, so a script reading the output meets none of them.
 */
export const cliProgressMessages = {
  generating: '生成中',
  /** `generate`'s steps (generator/generate.ts), in the order they run. */
  generateSteps: {
    load: '读取契约',
    lint: '检查契约',
    model: '构建模型',
    render: 'orval、openapi-typescript 与模板渲染、格式化',
    plan: '比对输出',
    write: '写入文件',
    cache: '更新缓存',
  },
  /** One line: 生成中: 构建模型 3/7 … */
  line: (doing: string, step: string, index: number, total: number) =>
    `${doing}: ${step} ${index}/${total} …`,
} as const;
