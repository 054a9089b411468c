import {
  type AddStaffBody,
  addStaffBodySchema,
  type CreateInvitationBody,
  createInvitationBodySchema,
  type InvitationRole,
  type StaffMember,
} from '@orderfront/core';
import { useId } from 'react';
import { z } from 'zod';
import { useZodForm } from '@/lib/forms';
import { toast } from '@/lib/toast';
import { useAddStaff } from '../api/add-staff';
import { useStaff } from '../api/get-staff';
import { useCreateInvitation, useInvitations, useResendInvitation, useWithdrawInvitation } from '../api/invitations';
import { useRemoveStaff } from '../api/remove-staff';
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

const roleNames: Record<InvitationRole, string> = { staff: 'Staff', manager: 'Manager', owner: 'Owner' };

/** Someone new, by email: a one-time link (valid 7 days) to set their name and password. */
function InviteForm() {
  const { me, restaurant } = useAdmin();
  const invite = useCreateInvitation();
  const id = useId();
  type Values = { email: string; role: InvitationRole; restaurant_ids: number[] };
  const schema = z
    .object({ email: z.string(), role: z.enum(['staff', 'manager', 'owner']), restaurant_ids: z.array(z.number()) })
    .transform((d): CreateInvitationBody => d)
    .pipe(createInvitationBodySchema);
  const { register, handleSubmit, reset, setError, watch, setValue, formState } = useZodForm(schema, {
    defaultValues: { email: '', role: 'staff', restaurant_ids: [restaurant.id] } as Values,
  });
  const chosen = watch('restaurant_ids');
  const role = watch('role');
  const problem = problemOf(formState.errors);
  const onSubmit = handleSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (made) => {
        reset({ email: '', role: 'staff', restaurant_ids: [restaurant.id] });
        toast.success('Invitation sent', {
          description: `${made.email} has a link to join as ${roleNames[made.role]}.`,
        });
      },
      onError: (error) => setError('root.server', { message: error.message }),
    }),
  );
  return (
    <form
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      noValidate
      className="mb-6 grid gap-3 rounded-md border border-stone-300 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="font-bold">
        Invite someone new
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <label htmlFor={`${id}-email`} className="grid gap-1 text-sm">
          Their email
          <input id={`${id}-email`} type="email" className={inputClass} {...register('email')} />
        </label>
        <label htmlFor={`${id}-role`} className="grid gap-1 text-sm">
          Role
          <select id={`${id}-role`} className={inputClass} {...register('role')}>
            <option value="staff">Staff</option>
            <option value="manager">Manager</option>
            <option value="owner">Owner (every restaurant)</option>
          </select>
        </label>
      </div>
      {role !== 'owner' && (
        <fieldset className="min-w-0 flex flex-wrap gap-3 text-sm">
          <legend className="mb-1">Works at</legend>
          {me.restaurants.map((r) => (
            <label key={r.id} className="flex items-center gap-1.5">
              <input
                type="checkbox"
                className="size-4 accent-stone-900"
                checked={chosen.includes(r.id)}
                onChange={(e) =>
                  setValue(
                    'restaurant_ids',
                    e.target.checked ? [...chosen, r.id] : chosen.filter((rid) => rid !== r.id),
                  )
                }
              />
              {r.name}
            </label>
          ))}
        </fieldset>
      )}
      <div>
        <Button primary type="submit" disabled={invite.isPending}>
          Send invitation
        </Button>
      </div>
      {problem && (
        <p role="alert" className="text-red-700 text-sm">
          {problem}
        </p>
      )}
    </form>
  );
}

/** Invitations not accepted yet: each can be mailed again with a new link, or withdrawn. */
function PendingInvitations() {
  const { data } = useInvitations();
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  if (!data?.length) return null;
  const until = (iso: string) => new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short' });
  return (
    <section aria-labelledby="pending-invitations" className="mb-6">
      <h2 id="pending-invitations" className="mb-2 font-bold">
        Invited, not joined yet
      </h2>
      <ul className="grid gap-2 text-sm">
        {data.map((i) => (
          <li key={i.id} className="flex flex-wrap items-center gap-2">
            <span className="min-w-0 break-words">
              {i.email} · {roleNames[i.role]} · link works until {until(i.expires_at)}
            </span>
            <Button
              disabled={resend.isPending}
              aria-label={`Resend the invitation to ${i.email}`}
              onClick={() =>
                resend.mutate(i.id, {
                  onSuccess: () =>
                    toast.success('Invitation sent again', {
                      description: `${i.email} has a new link; the old one no longer works.`,
                    }),
                  onError: (err) => toast.error('Not sent', { description: err.message }),
                })
              }
            >
              Resend
            </Button>
            <Button
              disabled={withdraw.isPending}
              aria-label={`Withdraw the invitation to ${i.email}`}
              onClick={() => {
                if (!window.confirm(`Withdraw the invitation to ${i.email}? Their link will stop working.`)) return;
                withdraw.mutate(i.id, {
                  onSuccess: () =>
                    toast.success('Invitation withdrawn', { description: `${i.email}'s link no longer works.` }),
                  onError: (err) => toast.error('Not withdrawn', { description: err.message }),
                });
              }}
            >
              Withdraw
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

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
      aria-labelledby={`${id}-title`}
      className="mb-6 flex flex-wrap items-end gap-3 rounded-md border border-stone-300 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="w-full font-bold">
        Add someone who already has an account
      </h2>
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
  const remove = useRemoveStaff();
  const isMe = member.id === me.user.id;
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
      <td className="p-2">
        <select
          className={inputClass}
          value={member.role}
          disabled={setRole.isPending}
          aria-label={`Role of ${member.name}`}
          onChange={(e) =>
            setRole.mutate(
              { id: member.id, role: e.target.value as InvitationRole },
              { onError: (err) => toast.error('Not changed', { description: err.message }) },
            )
          }
        >
          <option value="staff">Staff</option>
          <option value="manager">Manager</option>
          <option value="owner">Owner</option>
        </select>
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
      <td className="p-2">
        <Button
          disabled={remove.isPending}
          aria-label={`Remove access of ${member.name}`}
          onClick={() => {
            const who = isMe ? 'your own access' : `${member.name}'s access`;
            if (!window.confirm(`Remove ${who} to the back office? The account stays, as a customer's.`)) return;
            remove.mutate(member.id, {
              onSuccess: () => toast.success('Access removed', { description: `${member.name} is a customer now.` }),
              onError: (err) => toast.error('Not removed', { description: err.message }),
            });
          }}
        >
          Remove access
        </Button>
      </td>
    </tr>
  );
}

/** Staff accounts (owner): invitations, who works at which restaurant, roles and removing access. */
export function StaffPage() {
  const { data, error, isPending } = useStaff();
  return (
    <section>
      <PageTitle>Staff</PageTitle>
      <p className="mb-3 text-sm text-stone-700">
        Invite someone new by email: they get a link to set their password. Someone with an account in the shop can be
        added at once.
      </p>
      <InviteForm />
      <PendingInvitations />
      <AddMemberForm />
      {error && <Notice tone="error">{error.message}</Notice>}
      {isPending && <p role="status">Loading…</p>}
      {data && (
        <section
          aria-label="Team table"
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a box that scrolls must be reachable by keyboard (axe scrollable-region-focusable)
          tabIndex={0}
          className="relative overflow-x-auto"
        >
          <table className="w-full border-collapse bg-white text-sm">
            <thead>
              <tr className="border-stone-300 border-b text-left">
                <th className="p-2">Name</th>
                <th className="p-2">Role</th>
                <th className="p-2">Restaurants</th>
                <th className="p-2">
                  <span className="sr-only">Access</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.map((m) => (
                <MemberRow key={m.id} member={m} />
              ))}
            </tbody>
          </table>
        </section>
      )}
    </section>
  );
}
