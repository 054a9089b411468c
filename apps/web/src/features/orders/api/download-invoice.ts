import { runtimeConfig } from '@/config/runtime';
import { ApiError, bearerToken } from '@/lib/api-client';
import { orderAccessHeaders } from '@/lib/order-access';

/**
 * Saves an order's tax invoice (GET /v2/orders/:id/invoice, a PDF, decision 040): fetched with the
 * owner's token or this tab's order access header, since a plain link could send neither.
 */
export async function downloadInvoice(orderId: number, orderNumber: string) {
  const token = bearerToken();
  let response: Response;
  try {
    response = await fetch(`${runtimeConfig.apiBase}/v2/orders/${orderId}/invoice`, {
      headers: {
        accept: 'application/pdf',
        ...orderAccessHeaders(orderId),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
  } catch {
    throw new ApiError(0, 'network_error', 'Could not reach the server. Check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: { code: never; message: string } } | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? 'internal',
      body?.error?.message ?? 'The invoice could not be downloaded',
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = `tax-invoice-${orderNumber}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
