/**
 * A shipment's papers as PDF downloads: the commercial invoice, the packing list and the label.
 * Who may make them: whoever sees shipments (admins and order creators). The file names carry
 * the shipment's id.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema } from '#shared/schemas/common';
import { commercialInvoicePdf } from './commercial-invoice';
import { packingListPdf } from './packing-list';
import { sendPdf } from './pdf';
import { shipmentPapers, type ShipmentPapers } from './shipment-documents.service';
import { shipmentLabelPdf } from './shipment-label';

const tags = ['shipments'];
const params = z.object({ id: idSchema });

const PAPERS: {
  path: string;
  file: string;
  description: string;
  /** The invoice and the packing list go to customs: every product's fields and the exporter first. */
  customs: boolean;
  make: (papers: ShipmentPapers) => Promise<Buffer>;
}[] = [
  {
    path: 'commercial-invoice.pdf',
    file: 'commercial-invoice',
    customs: true,
    description:
      'The commercial invoice (A4, English). 409 customsFieldsMissing names every product lacking its HS code, country of origin or net weight (details.missing); 409 businessDetailsMissing until the business details are set; 409 shipmentMixedCurrencies.',
    make: commercialInvoicePdf,
  },
  {
    path: 'packing-list.pdf',
    file: 'packing-list',
    customs: true,
    description: 'The packing list (A4, English, no prices). Refused as the commercial invoice is.',
    make: packingListPdf,
  },
  {
    path: 'label.pdf',
    file: 'shipment-label',
    customs: false,
    description:
      'The shipment label: A6 in the top-left quarter of an A4 sheet, the shipment id as a Code 128 barcode, the tracking link, the order count and the consignee.',
    make: shipmentLabelPdf,
  },
];

export const shipmentDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const paper of PAPERS) {
    app.get(
      `/shipments/:id/documents/${paper.path}`,
      {
        config: { access: 'staff' },
        schema: {
          tags,
          description: paper.description,
          params,
          produces: ['application/pdf'],
        },
      },
      async (request, reply) => {
        const papers = await shipmentPapers(app.db, request.params.id, {
          needsCustoms: paper.customs,
          needsExporter: paper.customs,
        });
        return sendPdf(reply, `${paper.file}-${papers.shipmentId}.pdf`, await paper.make(papers));
      },
    );
  }
};
