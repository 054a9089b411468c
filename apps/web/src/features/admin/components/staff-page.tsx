import { type AddStaffBody, addStaffBodySchema, type StaffMember } from '@orderfront/core';
import { useId } from 'react';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddStaff } from '../api/add-staff';
import { useStaff } from '../api/get-staff';
import { useSetStaffRestaurants } from '../api/set-staff-restaurants';
import { useSetStaffRole } from '../api/set-staff-role';
import { problemOf } from '../lib/form';
import { useAdmin } from './admin-context';
import { Button, inputClass, Notice, PageTitle } from './ui';

/** Someone's account, a role and the restaurant at hand → the add body, checked as the API checks it. */
const addMemberFormSchema = (restaurantId: number) =>
  z
    .object({ email: z.string(), role: z.enum(['staff', 'manager']) })
    .transform((d): AddStaffBody => ({ ...d, restaurant_ids: [restaurantId] }))
    .pipe(addStaffBodySchema);

function AddMemberForm() {
  const { restaurant } = useAdmin();
  const add = useAddStaff();
  const id = useId();
  const { register, handleSubmit, setValue, setError, formState } = useZodForm(addMemberFormSchema(restaurant.id), {
    defaultValues: { email: '', role: 'staff' as 'staff' | 'manager' },
  });
  const problem = problemOf(formState.errors);
  const onSubmit = handleSubmit((body) =>
    add.mutate(body, {
      onSuccess: (member) => {
        setValue('email', '');
        toast.success('Added to the team', { description: `${member.name} works at ${restaurant.name}.` });
      },
      onError: (error) => setError('root.server', { message: error.message }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-md border border-stone-300 bg-white p-4"
    >
      <label htmlFor={`${id}-email`} className="grid gap-1 text-sm">
        Email of their account
        <input id={`${id}-email`} type="email" required className={inputClass} {...register('email')} />
      </label>
      <label htmlFor={`${id}-role`} className="grid gap-1 text-sm">
        Role
        <select id={`${id}-role`} className={inputClass} {...register('role')}>
          <option value="staff">Staff</option>
          <option value="manager">Manager</option>
        </select>
      </label>
      <Button primary type="submit" disabled={add.isPending}>
        Add to {restaurant.name}
      </Button>
      {problem && (
        <p role="alert" className="w-full text-red-700 text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}

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
      <p className="mb-3 text-sm text-stone-700">
        Someone new signs up in the shop first; then add them here by the email of their account.
      </p>
      <AddMemberForm />
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
