import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { FlaskConical, LogOut, MessageSquareText, FileText } from 'lucide-react';
import { useNavigate } from 'react-router';
import { logout } from '../../lib/logout';
import { showAlert } from '../../lib/alert-store';
import { useTurtleStore } from '../../lib/turtle-store';
import { UserButtonLabel, userButtonClass } from './user-button';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/** The signed-in user's name with its menu (product.md §2). Radix closes it on any click outside. */
export default function UserMenu({ name }: { name: string }) {
  const navigate = useNavigate();
  const logOut = useTurtleStore((state) => state.logOut);

  const onLogout = async () => {
    try {
      await logout();
    } catch {
      showAlert('Could not log out. Check your connection and try again.');
      return;
    }
    // On a screen that needs a user the route guard sends the visitor home too, without a `next`.
    logOut();
    await navigate('/');
  };

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className={userButtonClass}>
        <UserButtonLabel name={name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/test')}>
            <FlaskConical className="size-4" aria-hidden="true" /> Test
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/demo/lexical_mentions')}>
            <MessageSquareText className="size-4" aria-hidden="true" /> Demo: Chat Input
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/demo/markdown')}>
            <FileText className="size-4" aria-hidden="true" /> Demo: Markdown
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item className={itemClass} onSelect={() => void onLogout()}>
            <LogOut className="size-4" aria-hidden="true" /> Logout
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
