/**
 * The editor-internal dialogs on their one shell (components/editor/dialogs): labelled fields,
 * 取消 and 确认, and the checks made before a value goes back to the editor.
 */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AnchorDialog } from '@/components/editor/dialogs/anchor-dialog';
import { ImageDialog } from '@/components/editor/dialogs/image-dialog';
import { LinkDialog } from '@/components/editor/dialogs/link-dialog';
import { VideoDialog } from '@/components/editor/dialogs/video-dialog';

const shell = () => ({ visible: true, onHide: vi.fn() });

describe('editor dialogs', () => {
  it('超链接 refuses a script address and hands back a trimmed one', async () => {
    const onSubmit = vi.fn();
    const props = shell();
    render(
      <LinkDialog
        {...props}
        initial={{ href: '', text: '官网', title: '', newWindow: false }}
        onSubmit={onSubmit}
      />,
    );
    expect(screen.getByRole('dialog', { name: '超链接' })).toBeInTheDocument();
    expect(screen.getByLabelText('文本内容')).toHaveValue('官网');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入链接地址');
    await userEvent.type(screen.getByLabelText('链接地址'), ' javascript:alert(1)');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(screen.getByRole('alert')).toHaveTextContent('链接地址不合法');
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.clear(screen.getByLabelText('链接地址'));
    await userEvent.type(screen.getByLabelText('链接地址'), ' https://example.com/a ');
    await userEvent.click(screen.getByLabelText('是否在新窗口打开'));
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith({
      href: 'https://example.com/a',
      text: '官网',
      title: '',
      newWindow: true,
    });
    await userEvent.click(screen.getByRole('button', { name: '取消' }));
    expect(props.onHide).toHaveBeenCalled();
  });

  it('锚点 needs a name and joins its words with hyphens', async () => {
    const onSubmit = vi.fn();
    render(<AnchorDialog {...shell()} onSubmit={onSubmit} />);
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(screen.getByRole('alert')).toHaveTextContent('请输入锚点名称');
    await userEvent.type(screen.getByLabelText('锚点名称'), ' 第一 节 ');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith('第一-节');
  });

  it('视频 takes only an address the editor accepts, at 420 × 280 unless told', async () => {
    const onSubmit = vi.fn();
    render(
      <VideoDialog
        {...shell()}
        accept={(url) => url.startsWith('/storage/')}
        onSubmit={onSubmit}
      />,
    );
    await userEvent.type(screen.getByLabelText('视频网址'), 'http://evil.example/v.mp4');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(screen.getByRole('alert')).toHaveTextContent('不支持的视频地址');
    await userEvent.clear(screen.getByLabelText('视频网址'));
    await userEvent.type(screen.getByLabelText('视频网址'), '/storage/v.mp4');
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith({ url: '/storage/v.mp4', width: 420, height: 280 });
  });

  it('插入图片 starts from the image it changes and keeps its float choice', async () => {
    const onSubmit = vi.fn();
    render(
      <ImageDialog
        {...shell()}
        initial={{ url: '/storage/a.png', caption: '', float: 'left', width: 300 }}
        onSubmit={onSubmit}
        onUpload={vi.fn()}
        onLibrary={vi.fn()}
      />,
    );
    expect(screen.getByLabelText('宽度')).toHaveValue('300');
    expect(screen.getByRole('radio', { name: '左浮动' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: '居中' }));
    await userEvent.click(screen.getByRole('button', { name: '确认' }));
    expect(onSubmit).toHaveBeenCalledWith({
      url: '/storage/a.png',
      caption: '',
      float: 'center',
      width: 300,
    });
  });
});
