package dev.capplanner.demo.data;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The support desk's rows: the hand-written ones of {@code demo-data.json} (the cases docs and tests
 * name) and, around them, a few hundred generated ones per tenant. Generation is seeded by the
 * tenant and dated from a fixed day, so every start serves the same rows. Names repeat on purpose
 * (two customers may share one), but never a hand-written customer's surname, so the documented
 * cases keep their exact matches. Shipments, invoices and payments follow from each order by rule.
 */
final class SupportDeskRows {

    /** The day the demo data is "as of": ages and due dates are counted from it. */
    static final LocalDate TODAY = LocalDate.of(2026, 11, 30);

    private static final List<String> FIRST_NAMES = List.of("Luca", "Sofia", "Matteo", "Chiara", "Andrea", "Elena",
            "Davide", "Francesca", "Paolo", "Sara", "Stefano", "Laura", "Simone", "Valentina", "Alessandro", "Martina",
            "Federico", "Silvia", "Lorenzo", "Irene");
    private static final List<String> LAST_NAMES = List.of("Ferrari", "Esposito", "Romano", "Colombo", "Ricci",
            "Marino", "Gallo", "Bruno", "Moretti", "Barbieri", "Fontana", "Santoro", "Mariani", "Rinaldi", "Caruso",
            "Ferrara", "Galli", "Martini", "Leone", "Longo");
    private static final List<String> CITIES = List.of("Milano", "Torino", "Roma", "Napoli", "Bologna", "Firenze",
            "Genova", "Bari", "Palermo", "Verona", "Padova", "Trieste");
    private static final List<Object[]> PRODUCTS = List.of(
            new Object[] {"KB-204", "Mechanical keyboard", 129.9}, new Object[] {"MS-110", "Wireless mouse", 27.0},
            new Object[] {"HS-310", "USB headset", 89.0}, new Object[] {"MN-270", "27-inch monitor", 289.0},
            new Object[] {"CB-015", "HDMI cable", 29.5}, new Object[] {"DK-520", "USB-C dock", 149.0},
            new Object[] {"WC-130", "HD webcam", 64.9}, new Object[] {"LS-040", "Laptop stand", 39.9},
            new Object[] {"SP-220", "Desk speakers", 74.5}, new Object[] {"CH-900", "Office chair", 349.0});
    private static final List<String> CARRIERS = List.of("Poste Delivery Business", "BRT", "GLS Italy", "DHL Express");
    private static final List<String> PAYMENT_METHODS = List.of("card", "bank transfer", "paypal");
    private static final List<String> TICKET_SUBJECTS = List.of("Parcel has not arrived", "Item arrived damaged",
            "Wrong item delivered", "Invoice address is wrong", "Refund not received", "Change delivery address",
            "Product stopped working", "Question about warranty");
    private static final List<String> TICKET_STATUSES = List.of("open", "pending", "closed");
    private static final List<String> PRIORITIES = List.of("low", "normal", "high", "urgent");

    /** Where each tenant's generated ids start, so ids never collide across tenants. */
    private record TenantPlan(String tenant, int customerFrom, int orderFrom, int seriesFrom, int customers) {
    }

    private static final List<TenantPlan> TENANTS = List.of(
            new TenantPlan("acme", 1010, 5010, 1001, 150),
            new TenantPlan("globex", 2010, 6010, 2001, 140));

    record Tables(List<Map<String, Object>> customers, List<Map<String, Object>> orders,
                  List<Map<String, Object>> shipments, List<Map<String, Object>> invoices,
                  List<Map<String, Object>> payments, List<Map<String, Object>> tickets) {
    }

    private SupportDeskRows() {
    }

    static Tables around(List<Map<String, Object>> customers, List<Map<String, Object>> orders,
                         List<Map<String, Object>> tickets) {
        List<Map<String, Object>> allCustomers = new ArrayList<>(customers);
        List<Map<String, Object>> allOrders = new ArrayList<>(orders);
        List<Map<String, Object>> allTickets = new ArrayList<>(tickets);
        List<Map<String, Object>> shipments = new ArrayList<>();
        List<Map<String, Object>> invoices = new ArrayList<>();
        List<Map<String, Object>> payments = new ArrayList<>();
        Set<String> reservedSurnames = customers.stream()
                .map(c -> String.valueOf(c.get("name")).replaceAll("^.*\\s", "")).collect(Collectors.toSet());
        for (TenantPlan plan : TENANTS) {
            Random random = new Random(plan.tenant().hashCode());
            List<String> surnames = LAST_NAMES.stream().filter(s -> !reservedSurnames.contains(s)).toList();
            int nextOrder = plan.orderFrom();
            int nextTicket = plan.seriesFrom() + 100;
            for (int i = 0; i < plan.customers(); i++) {
                Map<String, Object> customer = customer(plan, plan.customerFrom() + i, surnames, random);
                allCustomers.add(customer);
                int orderCount = random.nextInt(6);
                for (int o = 0; o < orderCount; o++) {
                    allOrders.add(order(plan.tenant(), "O-" + nextOrder++, String.valueOf(customer.get("id")), random));
                }
                if (random.nextInt(10) < 4) {
                    allTickets.add(ticket(plan.tenant(), "T-" + nextTicket++, customer, allOrders, random));
                }
            }
            int series = plan.seriesFrom();
            for (Map<String, Object> order : allOrders) {
                if (plan.tenant().equals(order.get("tenant"))) {
                    derive(order, series++, shipments, invoices, payments);
                }
            }
        }
        return new Tables(allCustomers, allOrders, shipments, invoices, payments, allTickets);
    }

    private static Map<String, Object> customer(TenantPlan plan, int number, List<String> surnames, Random random) {
        String first = FIRST_NAMES.get(random.nextInt(FIRST_NAMES.size()));
        String last = surnames.get(random.nextInt(surnames.size()));
        Map<String, Object> customer = new LinkedHashMap<>();
        customer.put("id", "C-" + number);
        customer.put("tenant", plan.tenant());
        customer.put("name", first + " " + last);
        customer.put("city", CITIES.get(random.nextInt(CITIES.size())));
        customer.put("email", (first + "." + last).toLowerCase(java.util.Locale.ROOT) + number % 1000 + "@"
                + plan.tenant() + ".example");
        customer.put("phone", "+39 3" + (10 + random.nextInt(90)) + " 555 " + (1000 + random.nextInt(9000)));
        customer.put("since", TODAY.minusDays(200 + random.nextInt(2500)).toString());
        return customer;
    }

    private static Map<String, Object> order(String tenant, String id, String customerId, Random random) {
        int age = random.nextInt(540);
        LocalDate date = TODAY.minusDays(age);
        String status = age < 3 ? "processing" : age < 9 ? "shipped" : random.nextInt(100) < 8 ? "cancelled" : "delivered";
        List<Map<String, Object>> lines = new ArrayList<>();
        BigDecimal total = BigDecimal.ZERO;
        int lineCount = 1 + random.nextInt(3);
        for (int l = 0; l < lineCount; l++) {
            Object[] product = PRODUCTS.get(random.nextInt(PRODUCTS.size()));
            int quantity = 1 + random.nextInt(3);
            lines.add(Map.of("sku", product[0], "description", product[1], "quantity", quantity, "unitPrice", product[2]));
            total = total.add(BigDecimal.valueOf((Double) product[2]).multiply(BigDecimal.valueOf(quantity)));
        }
        Map<String, Object> order = new LinkedHashMap<>();
        order.put("id", id);
        order.put("tenant", tenant);
        order.put("customerId", customerId);
        order.put("date", date.toString());
        order.put("status", status);
        order.put("total", total.setScale(2, RoundingMode.HALF_UP).doubleValue());
        order.put("currency", "EUR");
        order.put("lines", lines);
        return order;
    }

    private static Map<String, Object> ticket(String tenant, String id, Map<String, Object> customer,
                                              List<Map<String, Object>> orders, Random random) {
        Map<String, Object> ticket = new LinkedHashMap<>();
        ticket.put("id", id);
        ticket.put("tenant", tenant);
        ticket.put("customerId", customer.get("id"));
        orders.stream().filter(o -> customer.get("id").equals(o.get("customerId"))).reduce((a, b) -> b)
                .ifPresent(order -> ticket.put("orderId", order.get("id")));
        ticket.put("subject", TICKET_SUBJECTS.get(random.nextInt(TICKET_SUBJECTS.size())));
        ticket.put("status", TICKET_STATUSES.get(random.nextInt(TICKET_STATUSES.size())));
        ticket.put("priority", PRIORITIES.get(random.nextInt(PRIORITIES.size())));
        ticket.put("opened", TODAY.minusDays(random.nextInt(120)).toString());
        return ticket;
    }

    /**
     * An order's parcel (once it shipped), its invoice (unless cancelled) and the invoice's payments:
     * a delivered order is paid (every seventh one is not: overdue once its due date passed), an order
     * still on its way is paid only when it was paid by card up front.
     */
    private static void derive(Map<String, Object> order, int series, List<Map<String, Object>> shipments,
                               List<Map<String, Object>> invoices, List<Map<String, Object>> payments) {
        String tenant = String.valueOf(order.get("tenant"));
        String status = String.valueOf(order.get("status"));
        LocalDate date = LocalDate.parse(String.valueOf(order.get("date")));
        if (status.equals("shipped") || status.equals("delivered")) {
            shipments.add(shipment(tenant, "S-" + series, order, date, status.equals("delivered"),
                    CARRIERS.get(series % CARRIERS.size())));
        }
        if (status.equals("cancelled")) {
            return;
        }
        LocalDate due = date.plusDays(30);
        boolean paid = status.equals("delivered") ? series % 7 != 0 : series % 3 == 0;
        Map<String, Object> invoice = new LinkedHashMap<>();
        invoice.put("id", "INV-" + series);
        invoice.put("tenant", tenant);
        invoice.put("customerId", order.get("customerId"));
        invoice.put("orderId", order.get("id"));
        invoice.put("issued", date.toString());
        invoice.put("due", due.toString());
        invoice.put("amount", order.get("total"));
        invoice.put("currency", order.get("currency"));
        invoice.put("status", paid ? "paid" : due.isBefore(TODAY) ? "overdue" : "unpaid");
        invoices.add(invoice);
        if (paid) {
            Map<String, Object> payment = new LinkedHashMap<>();
            payment.put("id", "PAY-" + (series * 10));
            payment.put("tenant", tenant);
            payment.put("invoiceId", invoice.get("id"));
            payment.put("date", date.plusDays(series % 20).isAfter(TODAY) ? date.toString()
                    : date.plusDays(series % 20).toString());
            payment.put("amount", order.get("total"));
            payment.put("method", PAYMENT_METHODS.get(series % PAYMENT_METHODS.size()));
            payments.add(payment);
        }
    }

    private static Map<String, Object> shipment(String tenant, String id, Map<String, Object> order, LocalDate date,
                                                boolean delivered, String carrier) {
        List<Map<String, Object>> events = new ArrayList<>();
        events.add(event(date.plusDays(1), "Milano hub", "picked up"));
        events.add(event(date.plusDays(2), "Bologna sorting centre", "in transit"));
        if (delivered) {
            events.add(event(date.plusDays(4), "recipient's address", "delivered"));
        }
        Map<String, Object> shipment = new LinkedHashMap<>();
        shipment.put("id", id);
        shipment.put("tenant", tenant);
        shipment.put("orderId", order.get("id"));
        shipment.put("carrier", carrier);
        shipment.put("status", delivered ? "delivered" : "in transit");
        shipment.put("shippedOn", date.plusDays(1).toString());
        shipment.put("events", events);
        return shipment;
    }

    private static Map<String, Object> event(LocalDate day, String location, String status) {
        Map<String, Object> event = new LinkedHashMap<>();
        event.put("date", day.toString());
        event.put("location", location);
        event.put("status", status);
        return event;
    }
}
