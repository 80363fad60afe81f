import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { CreditCard, FlaskConical, LogOut, MessageSquareText, FileText, ShieldCheck, UserRound } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useLogout } from './use-logout';
import { UserButtonLabel, userButtonClass } from './user-button';

const itemClass =
  'flex cursor-pointer select-none items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 outline-none data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900';

/**
 * The signed-in user's name with its menu: Account and Plan & billing (decision 018), Admin for an administrator
 * (decision 037), then the spec's Test, Demo: Chat Input, Demo: Markdown and Logout (product.md §2). Radix closes it
 * on any click outside.
 */
export default function UserMenu({ name, administrator = false }: { name: string; administrator?: boolean }) {
  const navigate = useNavigate();
  const onLogout = useLogout();

  return (
    // Not modal: a modal menu hides the rest of the page from assistive technology (aria-hidden) while its links
    // stay focusable (axe: aria-hidden-focus). It still closes on Escape and on a click outside.
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={userButtonClass}>
        <UserButtonLabel name={name} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          className="z-50 min-w-52 rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/account')}>
            <UserRound className="size-4" aria-hidden="true" /> Account
          </DropdownMenu.Item>
          <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/account/billing')}>
            <CreditCard className="size-4" aria-hidden="true" /> Plan &amp; billing
          </DropdownMenu.Item>
          {administrator && (
            <DropdownMenu.Item className={itemClass} onSelect={() => navigate('/admin')}>
              <ShieldCheck className="size-4" aria-hidden="true" /> Admin
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
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
