import { accountTexts, adminTexts, messages, type AdminUser } from '@recell/contract';
import { useEffect, useRef, useState } from 'react';
import { Avatar } from '@/components/ui/avatar';
import { Field, inputClass } from '@/components/ui/field';
import { LoadError } from '@/components/ui/load-error';
import { Spinner } from '@/components/ui/spinner';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers, type AdminListRole } from '../api/get-admin-users';
import { useVerifySeller } from '../api/verify-seller';
import { searchMaxLength, useUserSearch } from '../hooks/use-user-search';
import { ConfirmDialog } from './confirm-dialog';
import { LoadMore } from './load-more';
import { badge, cell, dangerButton, emptyBox, headerCell, tableFrame } from './table-styles';

/** What each list is called and says (spec §2, §8). */
const screens = {
  user: {
    caption: accountTexts.allUsers,
    searchLabel: adminTexts.searchUsers,
    empty: messages.noUsers,
    removed: messages.userRemoved,
  },
  seller: {
    caption: accountTexts.allSellers,
    searchLabel: adminTexts.searchSellers,
    empty: messages.noSellers,
    removed: messages.sellerRemoved,
  },
} as const;

/**
 * All Users (`role` user: image, name, email, role, action) or All Sellers (`role` seller: the
 * same plus verify), searchable by name or email (the search lives in the URL) and a page at a
 * time. Sellers: 'Verify' → 'Seller Verified Successfully' and the cell says 'Verified'. Delete asks
 * in a dialog first, then 'User Remove Successfully' / 'Seller Remove Successfully' and the row goes.
 *
 * On narrow screens the table scrolls sideways inside its frame; the page itself never does.
 */
export function AdminUsersTable({ role }: { role: AdminListRole }) {
  const screen = screens[role];
  const isSellers = role === 'seller';
  const search = useUserSearch();
  const users = useAdminUsers(role, search.query);
  const verify = useVerifySeller();
  const deleteUser = useDeleteUser();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  // A removed account's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const refocusTable = useRef(false);
  useEffect(() => {
    if (toDelete || !refocusTable.current) return;
    refocusTable.current = false;
    tableRef.current?.focus();
  }, [toDelete]);

  const onVerify = (user: AdminUser) => {
    verify.mutate(user.id, {
      onSuccess: () => toast.success(messages.sellerVerified),
      onError: showActionError,
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete) return;
    deleteUser.mutate(toDelete.id, {
      onSuccess: () => {
        toast.success(screen.removed);
        refocusTable.current = true;
        setToDelete(null);
      },
      onError: showActionError,
    });
  };

  const items = users.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <>
      <form
        role="search"
        aria-label={screen.searchLabel}
        noValidate
        className="mt-6 max-w-md"
        onSubmit={(event) => {
          event.preventDefault();
          search.commit();
        }}
      >
        <Field label={screen.searchLabel}>
          {(props) => (
            <input
              type="search"
              enterKeyHint="search"
              autoComplete="off"
              maxLength={searchMaxLength}
              placeholder={adminTexts.searchPlaceholder}
              className={inputClass}
              {...props}
              value={search.draft}
              onChange={(event) => {
                search.setDraft(event.target.value);
              }}
            />
          )}
        </Field>
      </form>

      {users.isPending ? (
        <Spinner />
      ) : users.isError && items.length === 0 ? (
        <div className="mt-6">
          <LoadError error={users.error} onRetry={() => void users.refetch()} />
        </div>
      ) : items.length === 0 ? (
        <div className={emptyBox} aria-busy={users.isPlaceholderData || undefined}>
          <p>{screen.empty}</p>
          {search.query && <p className="mt-2 text-sm">{adminTexts.noMatches(search.query)}</p>}
        </div>
      ) : (
        <div
          className={`${tableFrame} transition-opacity ${users.isPlaceholderData ? 'opacity-60' : ''}`}
          aria-busy={users.isPlaceholderData || undefined}
        >
          <table
            ref={tableRef}
            tabIndex={-1}
            className={`w-full text-sm focus:outline-none ${isSellers ? 'min-w-[48rem]' : 'min-w-[40rem]'}`}
          >
            <caption className="sr-only">{screen.caption}</caption>
            <thead className="bg-slate-50 dark:bg-slate-900">
              <tr>
                <th scope="col" className={headerCell}>
                  {adminTexts.columnImage}
                </th>
                <th scope="col" className={headerCell}>
                  {adminTexts.columnName}
                </th>
                <th scope="col" className={headerCell}>
                  {adminTexts.columnEmail}
                </th>
                <th scope="col" className={headerCell}>
                  {adminTexts.columnRole}
                </th>
                {isSellers && (
                  <th scope="col" className={headerCell}>
                    {adminTexts.columnVerify}
                  </th>
                )}
                <th scope="col" className={headerCell}>
                  {adminTexts.columnAction}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {items.map((user) => {
                const nameId = `admin-user-${user.id}`;
                const isVerifying = verify.isPending && verify.variables === user.id;
                return (
                  <tr key={user.id}>
                    <td className={cell}>
                      <Avatar name={user.name} imageUrl={user.imageUrl} alt={user.name} className="size-12" />
                    </td>
                    <th id={nameId} scope="row" className={`${cell} text-left font-semibold break-words`}>
                      {user.name}
                    </th>
                    <td className={`${cell} break-all`}>{user.email}</td>
                    <td className={cell}>{accountTexts.roleNames[user.role]}</td>
                    {isSellers && (
                      <td className={cell}>
                        {user.isVerified ? (
                          <span className={`${badge} bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100`}>
                            {messages.verified}
                          </span>
                        ) : (
                          <button
                            type="button"
                            className="btn btn-primary"
                            aria-describedby={nameId}
                            disabled={isVerifying}
                            aria-busy={isVerifying || undefined}
                            onClick={() => {
                              onVerify(user);
                            }}
                          >
                            {messages.verify}
                          </button>
                        )}
                      </td>
                    )}
                    <td className={cell}>
                      <button
                        type="button"
                        className={dangerButton}
                        aria-describedby={nameId}
                        aria-haspopup="dialog"
                        onClick={() => {
                          setToDelete(user);
                        }}
                      >
                        {adminTexts.delete}
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {items.length > 0 && <LoadMore {...users} />}
      {toDelete && (
        <ConfirmDialog
          title={adminTexts.deleteAccountTitle(toDelete.name)}
          description={adminTexts.deleteAccountText}
          isBusy={deleteUser.isPending}
          onConfirm={onConfirmDelete}
          onClose={() => {
            setToDelete(null);
          }}
        />
      )}
    </>
  );
}
