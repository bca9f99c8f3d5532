package dev.capplanner.router;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/** A catalog large enough for the > 40 path: order tools in api:orders, invoice tools in mcp:invoices. */
final class TwoFamilyCatalog {

    private TwoFamilyCatalog() {
    }

    static List<Capability> of(int orders, int invoices) {
        List<Capability> capabilities = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            capabilities.add(CapabilityFixtures.capability("orders.view" + i, "order", "list", "Orders view " + i,
                    "/orders/v" + i, Map.of("customerId", "^C-[0-9]{4}$"), List.of()));
        }
        for (int i = 0; i < invoices; i++) {
            Capability base = CapabilityFixtures.capability("invoices.tool" + i, "invoice", i % 2 == 0 ? "search" : "detail",
                    "Invoice tool " + i, "/invoices/" + i, Map.of("invoiceId", ""), List.of());
            capabilities.add(new Capability(base.name(), "mcp", "mcp:invoices", base.entity(), base.operation(),
                    base.description(), base.aliases(), true, base.endpoint(), base.inputSchema(), null));
        }
        return capabilities;
    }
}
