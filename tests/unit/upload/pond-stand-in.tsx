/**
 * FilePond needs a real browser (layout, animation frames, canvas); under jsdom it stays inert.
 * Component tests replace `@/components/upload/pond` with this stand-in: a plain file input
 * that checks files with the rules the FilePond plugins are configured with (fileProblem) and
 * calls the same props; an upload control's file is "uploaded" at once (onUploaded with the
 * next /storage/mock/{n} address). The real widget is driven in tests/e2e/upload-controls.e2e.ts.
 * @example vi.mock('@/components/upload/pond', () => import('../upload/pond-stand-in'));
 */
import { fileProblem } from '@/components/upload/limits';
import type { PondUploadProps } from '@/components/upload/pond';

let stored = 100;

export function PondUpload(props: PondUploadProps) {
  return (
    <input
      id={props.id}
      type="file"
      multiple={!props.single}
      onChange={(event) => {
        for (const file of Array.from(event.target.files ?? [])) {
          const verdict = props.screen?.(file) ?? 'accept';
          if (verdict === 'take') continue;
          const problem = verdict === 'accept' ? fileProblem(file, props.limits) : verdict;
          if (problem) {
            props.onProblem(problem);
            props.onRemoved?.();
          } else if (props.onAccepted) props.onAccepted(file);
          // An upload control: the server's answer, as the mock backend gives it.
          else
            props.onUploaded({
              att_id: ++stored,
              att_title: file.name,
              att_url: `/storage/mock/${stored}`,
            });
        }
        event.target.value = '';
      }}
    />
  );
}

export default PondUpload;
