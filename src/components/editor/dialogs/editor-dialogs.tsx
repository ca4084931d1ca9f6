/**
 * The editor-internal dialogs of one editor, and what their answers do: a link or anchor at the
 * kept selection, an image (its address captured first when it is another site's), a video, a
 * table or a chart block, a template, characters, search and replace in the frame, files from the
 * attachment library (loaded when first opened).
 */
import { type RefObject } from 'react';
import { DialogCodeSlot, lazyDefault } from '@/lib/lazy';
import type { AttachmentValue } from '@/core/attachment';
import { displayFileName } from '@/lib/format';
import { editorUi } from '@/locale/editor-ui';
import { chartProblem } from '../chart-rules';
import { toBlocks, type EditorContent } from '../content';
import { applyLink, findNext, insertAnchor, replaceAllText } from '../dom-commands';
import type { EditorOps } from '../editor-ops';
import type { EditorDialogs as DialogState } from '../hooks/use-editor-dialogs';
import { uploadEditorFile } from '../hooks/use-paste-upload';
import { videoEmbed } from '../html';
import type { EditorBlock } from '../model/blocks';
import type { RemoteImages } from '../remote-images';
import { createTable } from '../tools/table-matrix';
import { AnchorDialog } from './anchor-dialog';
import { CharPickerDialog } from './char-picker-dialog';
import { ChartDialog } from './chart-dialog';
import { ImageDialog } from './image-dialog';
import { LinkDialog } from './link-dialog';
import { PreviewDialog } from './preview-dialog';
import { SearchReplaceDialog } from './search-replace-dialog';
import { TableDialog } from './table-dialog';
import { TemplateDialog } from './template-dialog';
import { VideoDialog } from './video-dialog';

const AttachmentLibraryDialog = lazyDefault(
  () => import('@/components/attachment-library/attachment-library-dialog'),
);

/** Library images as image blocks, at their own address (`own`: see ../remote-images). */
function libraryImages(items: AttachmentValue[], own: Map<string, string>): EditorBlock[] {
  return items.flatMap((item) => {
    const url = own.get(item.att_url);
    if (url === undefined) return [];
    const attId = typeof item.att_id === 'number' && item.att_id > 0 ? item.att_id : undefined;
    return [
      {
        type: 'image',
        data: {
          url,
          caption: '',
          alt: displayFileName(item.att_title),
          float: 'none',
          ...(attId === undefined ? {} : { attId }),
        },
      },
    ];
  });
}

export function EditorDialogs({
  dialogs,
  ops,
  content,
  frameRef,
  ownUrls,
}: {
  dialogs: DialogState;
  ops: EditorOps;
  content: EditorContent;
  frameRef: RefObject<HTMLDivElement | null>;
  ownUrls: RemoteImages['ownUrls'];
}) {
  const { name, opening, close, chart } = dialogs;
  const shell = (dialog: typeof name) => ({ visible: name === dialog, onHide: close });
  /** The dialog's answer closes it, then acts. */
  const then =
    <A extends unknown[]>(act: (...args: A) => void) =>
    (...args: A) => {
      close();
      act(...args);
    };
  const find = (text: string, matchCase: boolean) =>
    !!frameRef.current && findNext(frameRef.current, text, matchCase);

  return (
    <>
      <LinkDialog
        key={`link-${opening}`}
        {...shell('link')}
        initial={dialogs.link}
        onSubmit={then((link) => ops.withRange((range) => applyLink(range, link)))}
      />
      <AnchorDialog
        key={`anchor-${opening}`}
        {...shell('anchor')}
        onSubmit={then((anchor) => ops.withRange((range) => insertAnchor(range, anchor)))}
      />
      <ImageDialog
        key={`image-${opening}`}
        {...shell('image')}
        initial={dialogs.image}
        onUpload={(file) => uploadEditorFile(file, 'image')}
        onLibrary={() => dialogs.show('libraryImage')}
        onSubmit={then((image) => {
          const target = dialogs.imageTarget ? ops.image(dialogs.imageTarget) : undefined;
          void ownUrls([image.url]).then((own) => {
            const url = own.get(image.url);
            if (url === undefined) return;
            if (target) target.update({ ...image, url });
            else void ops.insertBlocks([{ type: 'image', data: { ...image, url } }]);
          });
        })}
      />
      <VideoDialog
        key={`video-${opening}`}
        {...shell('video')}
        accept={(url) => !!videoEmbed(url)}
        onSubmit={then((video) => void ops.insertBlocks([{ type: 'video', data: video }]))}
      />
      <SearchReplaceDialog
        key={`search-${opening}`}
        {...shell('search')}
        onFind={find}
        onReplace={(text, replacement, matchCase) => {
          const selection = document.getSelection();
          const selected = selection?.toString() ?? '';
          const same = matchCase
            ? selected === text
            : selected.toLowerCase() === text.toLowerCase();
          if (same && selection?.rangeCount && frameRef.current?.contains(selection.anchorNode)) {
            const range = selection.getRangeAt(0);
            range.deleteContents();
            range.insertNode(document.createTextNode(replacement));
            content.scheduleEmit();
          }
          return find(text, matchCase);
        }}
        onReplaceAll={(text, replacement, matchCase) => {
          const n = frameRef.current
            ? replaceAllText(frameRef.current, text, replacement, matchCase)
            : 0;
          if (n) content.scheduleEmit();
          return n;
        }}
      />
      {(['specialChars', 'emoticon'] as const).map((kind) => (
        <CharPickerDialog
          key={kind}
          kind={kind}
          {...shell(kind)}
          onPick={then((char) => ops.insertText(char))}
        />
      ))}
      <PreviewDialog {...shell('preview')} html={dialogs.previewHtml} />
      <TemplateDialog
        {...shell('template')}
        onPick={then((html, replace) => {
          if (replace) void content.show(html, true);
          else void ops.insertBlocks(toBlocks(html));
        })}
      />
      <TableDialog
        key={`table-${opening}`}
        {...shell('table')}
        onSubmit={then(
          (cols, rows) => void ops.insertBlocks([{ type: 'table', data: createTable(cols, rows) }]),
        )}
      />
      <ChartDialog
        {...shell('chart')}
        error={chart && chartProblem(chart.table) ? editorUi.dialog.chartInvalid : ''}
        onSubmit={then((chartType, title) => {
          if (chart)
            ops.insertAfter(chart.blockId, {
              type: 'chart',
              data: { chartType, title, table: chart.table },
            });
        })}
      />
      {(name === 'libraryImage' || name === 'libraryFile') && (
        <DialogCodeSlot open onClose={close}>
          <AttachmentLibraryDialog
            visible
            kind={name === 'libraryImage' ? 'image' : 'file'}
            limit={99}
            onHide={close}
            onSelect={(items: AttachmentValue[]) => {
              if (name === 'libraryImage')
                void ownUrls(items.map((item) => item.att_url)).then((own) =>
                  ops.insertBlocks(libraryImages(items, own)),
                );
              else
                void ops.insertBlocks(
                  items.map((item) => ({
                    type: 'attachment',
                    data: { url: item.att_url, name: item.att_title },
                  })),
                );
            }}
          />
        </DialogCodeSlot>
      )}
    </>
  );
}
