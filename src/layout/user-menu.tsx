/**
 * User dropdown: 修改密码, 清除缓存, the theme (浅色 / 深色 / 跟随系统, the current one ticked), 退出系统
 * (with the 确认退出登录吗？ confirmation; ./sign-out ends the token on the server too).
 */
import { useRef, useState } from 'react';
import { DialogCodeSlot, lazyPreloaded, preloadable } from '@/lib/lazy';
import { Menu } from 'primereact/menu';
import { confirmDialog } from 'primereact/confirmdialog';
import { useNavigate } from 'react-router-dom';
import { useMutation } from '@tanstack/react-query';
import { sessionClearcache } from '@generated/api/session/session';
import { clearClientCaches, getUserInfo, getUsername } from '@/lib/session';
import { notify } from '@/lib/notify';
import { shell } from '@/locale/shell';
import { layoutTheme } from '@/locale/layout-theme';
import { setThemeChoice, THEME_CHOICES, useThemeChoice, type ThemeChoice } from '@/lib/theme';
import { signOut } from './sign-out';

const THEME_ICON: Record<ThemeChoice, string> = {
  light: 'pi pi-sun',
  dark: 'pi pi-moon',
  system: 'pi pi-desktop',
};

// The form library and its rules load when the dialog is first asked for, not with the shell.
const ChangePasswordDialog = lazyPreloaded(
  preloadable(() => import('./change-password-dialog')),
  (module) => module.ChangePasswordDialog,
);

export function UserMenu({ compact = false }: { compact?: boolean }) {
  const menu = useRef<Menu>(null);
  const navigate = useNavigate();
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Stays mounted after the first opening, so closing it animates like every dialog.
  const [passwordAsked, setPasswordAsked] = useState(false);
  const [avatarBroken, setAvatarBroken] = useState(false);
  const themeChoice = useThemeChoice();
  const info = getUserInfo();
  const name = info?.nickname || info?.username || getUsername();
  // The client caches are emptied whether or not the server's cache call worked.
  const clearCache = useMutation({
    mutationFn: () => sessionClearcache(),
    onSuccess: () => notify.success(shell.user.clearCacheDone),
    onSettled: clearClientCaches,
  });

  const items = [
    {
      label: shell.user.changePassword,
      icon: 'pi pi-lock',
      command: () => {
        setPasswordAsked(true);
        setPasswordOpen(true);
      },
    },
    {
      label: shell.user.clearCache,
      icon: 'pi pi-refresh',
      command: () => clearCache.mutate(),
    },
    {
      label: layoutTheme.group,
      items: THEME_CHOICES.map((choice) => ({
        label: layoutTheme.choices[choice],
        // The chosen one is ticked (its own icon otherwise), for sight and for the test alike.
        icon: choice === themeChoice ? 'pi pi-check' : THEME_ICON[choice],
        className: choice === themeChoice ? 'user-menu__theme--current' : undefined,
        command: () => void setThemeChoice(choice),
      })),
    },
    { separator: true },
    {
      label: shell.user.exit,
      icon: 'pi pi-sign-out',
      command: () =>
        confirmDialog({
          message: shell.user.exitConfirm,
          header: shell.user.exitConfirmHeader,
          icon: 'pi pi-exclamation-triangle',
          acceptLabel: shell.user.exitAccept,
          rejectLabel: shell.user.exitReject,
          accept: () => {
            signOut();
            void navigate('/login');
          },
        }),
    },
  ];

  return (
    <>
      <button
        type="button"
        className="user-menu__trigger"
        onClick={(event) => menu.current?.toggle(event)}
        aria-haspopup="menu"
        aria-label={name}
      >
        {info?.avatar && !avatarBroken ? (
          <img
            src={info.avatar}
            alt=""
            className="user-menu__avatar"
            onError={() => setAvatarBroken(true)}
          />
        ) : (
          <span className="user-menu__avatar user-menu__avatar--text">
            {name.slice(0, 1).toUpperCase()}
          </span>
        )}
        {!compact && <span className="user-menu__name">{name}</span>}
        <i className="pi pi-angle-down" aria-hidden />
      </button>
      <Menu model={items} popup ref={menu} className="user-menu__popup" />
      {passwordAsked && (
        <DialogCodeSlot open={passwordOpen} onClose={() => setPasswordOpen(false)}>
          <ChangePasswordDialog visible={passwordOpen} onHide={() => setPasswordOpen(false)} />
        </DialogCodeSlot>
      )}
    </>
  );
}
