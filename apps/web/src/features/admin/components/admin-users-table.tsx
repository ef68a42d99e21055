import { accountTexts, adminTexts, messages, type AdminUser } from '@recell/contract';
import { Avatar } from '@/components/ui/avatar';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { BreakAtPunctuation, RowButton, StatusPill } from '@/components/ui/data-table/cells';
import { EmptyTable, LoadMore, TableLoadError } from '@/components/ui/data-table/paging';
import { Cell, DataTable, MediaCell, Row, RowHeader, useRowDialog } from '@/components/ui/data-table/table';
import { Field, inputClass } from '@/components/ui/form';
import { Spinner } from '@/components/ui/spinner';
import { showActionError } from '@/lib/form-errors';
import { toast } from '@/lib/toast';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers, type AdminListRole } from '../api/get-admin-users';
import { useVerifySeller } from '../api/verify-seller';
import { searchMaxLength, useUserSearch } from '../hooks/use-user-search';

/** What each list is called and says (docs/product.md, Screens and Messages). */
const screens = {
  user: {
    caption: accountTexts.allUsers,
    searchLabel: adminTexts.searchUsers,
    empty: messages.noUsers,
    removed: messages.userRemoved,
    columns: [
      adminTexts.columnImage,
      adminTexts.columnName,
      adminTexts.columnEmail,
      adminTexts.columnRole,
      adminTexts.columnAction,
    ],
  },
  seller: {
    caption: accountTexts.allSellers,
    searchLabel: adminTexts.searchSellers,
    empty: messages.noSellers,
    removed: messages.sellerRemoved,
    columns: [
      adminTexts.columnImage,
      adminTexts.columnName,
      adminTexts.columnEmail,
      adminTexts.columnRole,
      adminTexts.columnVerify,
      adminTexts.columnAction,
    ],
  },
} as const;

/**
 * All Users (`role` user: image, name, email, role, action) or All Sellers (`role` seller: the
 * same plus verify), searchable by name or email (the search lives in the URL) and a page at a
 * time. Sellers: 'Verify' → 'Seller Verified Successfully' and the cell says 'Verified'. Delete asks
 * in a dialog first, then 'User Remove Successfully' / 'Seller Remove Successfully' and the row goes.
 */
export function AdminUsersTable({ role }: { role: AdminListRole }) {
  const screen = screens[role];
  const isSellers = role === 'seller';
  const search = useUserSearch();
  const users = useAdminUsers(role, search.query);
  const verify = useVerifySeller();
  const deleteUser = useDeleteUser();
  // A removed account's row goes, and its Delete button (where focus returns) with it: once the
  // dialog has closed, focus moves to the table instead.
  const toDelete = useRowDialog<AdminUser>();

  const onVerify = (user: AdminUser) => {
    verify.mutate(user.id, {
      onSuccess: () => toast.success(messages.sellerVerified),
      onError: showActionError,
    });
  };

  const onConfirmDelete = () => {
    if (!toDelete.row) return;
    deleteUser.mutate(toDelete.row.id, {
      onSuccess: () => {
        toast.success(screen.removed);
        toDelete.closeRemoved();
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
        <TableLoadError error={users.error} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <EmptyTable
          isBusy={users.isPlaceholderData}
          detail={search.query ? adminTexts.noMatches(search.query) : undefined}
        >
          {screen.empty}
        </EmptyTable>
      ) : (
        <DataTable
          caption={screen.caption}
          columns={screen.columns}
          cardsBelow="44rem"
          tableRef={toDelete.tableRef}
          isBusy={users.isPlaceholderData}
        >
          {items.map((user) => {
            const nameId = `admin-user-${user.id}`;
            return (
              <Row key={user.id}>
                <MediaCell>
                  <Avatar name={user.name} imageUrl={user.imageUrl} alt={user.name} className="size-12" />
                </MediaCell>
                <RowHeader id={nameId}>{user.name}</RowHeader>
                <Cell label={adminTexts.columnEmail}>
                  <BreakAtPunctuation text={user.email} />
                </Cell>
                <Cell label={adminTexts.columnRole}>{accountTexts.roleNames[user.role]}</Cell>
                {isSellers && (
                  <Cell label={adminTexts.columnVerify}>
                    {user.isVerified ? (
                      <StatusPill tone="neutral">{messages.verified}</StatusPill>
                    ) : (
                      <RowButton
                        variant="primary"
                        describedBy={nameId}
                        isBusy={verify.isPending && verify.variables === user.id}
                        onClick={() => {
                          onVerify(user);
                        }}
                      >
                        {messages.verify}
                      </RowButton>
                    )}
                  </Cell>
                )}
                <Cell label={adminTexts.columnAction}>
                  <RowButton variant="danger" describedBy={nameId} opensDialog onClick={() => toDelete.open(user)}>
                    {adminTexts.delete}
                  </RowButton>
                </Cell>
              </Row>
            );
          })}
        </DataTable>
      )}
      {items.length > 0 && (
        <LoadMore query={users} label={adminTexts.loadMore} list={toDelete.tableRef} count={items.length} showError />
      )}
      {toDelete.row && (
        <ConfirmDialog
          title={adminTexts.deleteAccountTitle(toDelete.row.name)}
          description={adminTexts.deleteAccountText}
          labels={adminTexts}
          isBusy={deleteUser.isPending}
          onConfirm={onConfirmDelete}
          onClose={toDelete.close}
        />
      )}
    </>
  );
}
