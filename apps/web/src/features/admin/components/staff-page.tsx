import type { StaffMember } from '@storefront/core';
import { toast } from '@/lib/toast';
import { useSetStaffRestaurants, useSetStaffRole, useStaff } from '../api/staff';
import { useAdmin } from './admin-context';
import { inputClass, Notice, PageTitle } from './ui';

function MemberRow({ member }: { member: StaffMember }) {
  const { me } = useAdmin();
  const assign = useSetStaffRestaurants();
  const setRole = useSetStaffRole();
  const toggle = (restaurantId: number, on: boolean) => {
    const ids = on
      ? [...member.restaurant_ids, restaurantId]
      : member.restaurant_ids.filter((id) => id !== restaurantId);
    assign.mutate(
      { id: member.id, restaurantIds: ids },
      { onError: (e) => toast.error('Not changed', { description: e.message }) },
    );
  };
  return (
    <tr className="border-stone-200 border-b align-top">
      <td className="p-2">
        <span className="font-semibold">{member.name}</span>
        <br />
        <span className="text-stone-700">{member.email}</span>
      </td>
      <td className="p-2 capitalize">
        {member.role === 'owner' ? (
          member.role
        ) : (
          <select
            className={inputClass}
            value={member.role}
            disabled={setRole.isPending}
            aria-label={`Role of ${member.name}`}
            onChange={(e) =>
              setRole.mutate(
                { id: member.id, role: e.target.value as 'staff' | 'manager' | 'customer' },
                { onError: (err) => toast.error('Not changed', { description: err.message }) },
              )
            }
          >
            <option value="staff">Staff</option>
            <option value="manager">Manager</option>
            <option value="customer">No access (customer)</option>
          </select>
        )}
      </td>
      <td className="p-2">
        {member.role === 'owner' ? (
          'Every restaurant'
        ) : (
          <div className="flex flex-wrap gap-3">
            {me.restaurants.map((r) => (
              <label key={r.id} className="flex items-center gap-1.5">
                <input
                  type="checkbox"
                  className="size-4 accent-stone-900"
                  checked={member.restaurant_ids.includes(r.id)}
                  disabled={assign.isPending}
                  onChange={(e) => toggle(r.id, e.target.checked)}
                  aria-label={`${member.name} works at ${r.name}`}
                />
                {r.name}
              </label>
            ))}
          </div>
        )}
      </td>
    </tr>
  );
}

/** Staff accounts (owner): who works at which restaurant. Roles are set from the accounts' call. */
export function StaffPage() {
  const { data, error, isPending } = useStaff();
  return (
    <section>
      <PageTitle>Staff</PageTitle>
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && (
        <table className="w-full border-collapse bg-white text-sm">
          <thead>
            <tr className="border-stone-300 border-b text-left">
              <th className="p-2">Name</th>
              <th className="p-2">Role</th>
              <th className="p-2">Restaurants</th>
            </tr>
          </thead>
          <tbody>
            {data.map((m) => (
              <MemberRow key={m.id} member={m} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
