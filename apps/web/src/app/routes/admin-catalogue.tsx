import { RequireAbility } from '@/features/admin/components/admin-shell';
import { CatalogueEditorPage } from '@/features/admin/components/catalogue-editor-page';

export function Component() {
  return (
    <RequireAbility ability="menu">
      <CatalogueEditorPage />
    </RequireAbility>
  );
}
