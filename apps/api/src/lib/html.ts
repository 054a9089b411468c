/** Text made safe inside HTML element content and quoted attribute values (mail bodies, the page shell). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
