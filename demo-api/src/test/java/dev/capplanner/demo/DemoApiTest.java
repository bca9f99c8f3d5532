package dev.capplanner.demo;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.assertj.core.api.Assertions.assertThat;
import static org.hamcrest.Matchers.hasSize;
import static org.hamcrest.Matchers.startsWith;

import dev.capplanner.demo.data.DemoData;
import io.quarkus.test.junit.QuarkusTest;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

@QuarkusTest
class DemoApiTest {

    @Test
    void twoCustomersShareTheNameRiccardoLorini() {
        acme().queryParam("name", "riccardo lorini").get("/customers").then().statusCode(200)
                .body("count", equalTo(2))
                .body("items.id", contains("C-1001", "C-1002"))
                .body("items.city", contains("Milano", "Torino"));
    }

    @Test
    void ordersOfACustomerNewestFirstAndOrderDetailWithLines() {
        acme().get("/customers/C-1001/orders").then().statusCode(200).body("items.id", contains("O-5002", "O-5001"));
        acme().get("/orders/O-5002").then().statusCode(200).body("lines[0].sku", equalTo("MS-110"));
    }

    @Test
    void eachTenantSeesOnlyItsOwnRowsAndNoTenantSeesNothing() {
        given().queryParam("tenant", "globex").queryParam("name", "riccardo lorini").get("/customers").then()
                .statusCode(200).body("items.id", contains("C-2001"));
        given().queryParam("tenant", "globex").get("/orders/O-5002").then().statusCode(404);
        given().queryParam("tenant", "globex").get("/customers/C-1001/orders").then().statusCode(404);
        acme().get("/orders/O-6001").then().statusCode(404);
        given().queryParam("name", "riccardo lorini").get("/customers").then().statusCode(400);
        given().get("/orders/O-5002").then().statusCode(400);
    }

    private static io.restassured.specification.RequestSpecification acme() {
        return given().queryParam("tenant", "acme");
    }

    @Test
    void theKnowledgeBaseFindsTheReturnPolicyFirst() {
        given().queryParam("query", "What is your return policy for damaged items?").get("/kb/search").then()
                .statusCode(200).body("items[0].id", equalTo("KB-101")).body("items[0].title", equalTo("Returns and refunds"));
        given().queryParam("query", "zebra").get("/kb/search").then().statusCode(200).body("count", equalTo(0));
        given().queryParam("query", "x").get("/kb/search").then().statusCode(400);
    }

    @Test
    void unknownIdsAre404AndAShortNameIs400() {
        acme().get("/orders/O-0000").then().statusCode(404);
        acme().get("/customers/C-0000/orders").then().statusCode(404);
        acme().queryParam("name", "R").get("/customers").then().statusCode(400);
    }

    @Test
    void openApiDocumentDescribesEveryEndpoint() {
        List<String> paths = List.of("/customers", "/customers/{customerId}", "/customers/{customerId}/orders",
                "/orders/{orderId}", "/orders/{orderId}/shipments", "/shipments/{shipmentId}",
                "/customers/{customerId}/invoices", "/invoices/{invoiceId}", "/invoices/{invoiceId}/payments",
                "/customers/{customerId}/tickets", "/tickets/{ticketId}");
        Map<String, Object> documented = given().get("/openapi.json").then().statusCode(200).extract().path("paths");
        assertThat(documented.keySet()).containsExactlyInAnyOrderElementsOf(paths);
    }

    @Test
    void eachTenantHasHundredsOfRowsAndSomeNamesRepeat() {
        DemoData data = new DemoData();
        for (String tenant : List.of("acme", "globex")) {
            assertThat(data.rowCounts(tenant)).allSatisfy((table, rows) -> assertThat(rows).as(tenant + " " + table)
                    .isGreaterThanOrEqualTo(table.equals("tickets") ? 40 : 100));
        }
        List<Map<String, Object>> acmeCustomers = data.customersNamed("acme", " ");
        long distinctNames = acmeCustomers.stream().map(c -> c.get("name")).distinct().count();
        assertThat(distinctNames).isLessThan(acmeCustomers.size());
        assertThat(data.customersNamed("acme", "Anna Conti")).extracting(c -> c.get("id")).containsExactly("C-1005");
    }

    @Test
    void theParcelOfAnnaContisLastOrderIsThreeReadsAway() {
        String customer = acme().queryParam("name", "Anna Conti").get("/customers").then().statusCode(200)
                .body("count", equalTo(1)).extract().path("items[0].id");
        String order = acme().queryParam("limit", 1).get("/customers/" + customer + "/orders").then().statusCode(200)
                .body("count", equalTo(1)).extract().path("items[0].id");
        assertThat(order).isEqualTo("O-5007");
        String shipment = acme().get("/orders/" + order + "/shipments").then().statusCode(200)
                .body("items[0].status", equalTo("in transit")).extract().path("items[0].id");
        acme().get("/shipments/" + shipment).then().statusCode(200).body("orderId", equalTo("O-5007"))
                .body("events.status", contains("picked up", "in transit"));
        acme().get("/orders/O-5007").then().statusCode(200).body("shipmentId", equalTo(shipment))
                .body("invoiceId", startsWith("INV-")).body("lines", hasSize(2));
    }

    @Test
    void invoicesPaymentsAndTicketsFollowTheirCustomerAndFilter() {
        acme().queryParam("status", "open").get("/customers/C-1005/tickets").then().statusCode(200)
                .body("items.id", contains("T-1001"));
        acme().queryParam("priority", "high").get("/customers/C-1005/tickets").then().statusCode(200)
                .body("items.id", contains("T-1001"));
        acme().get("/tickets/T-1001").then().statusCode(200).body("orderId", equalTo("O-5007"));
        String invoice = acme().get("/customers/C-1005/invoices").then().statusCode(200).body("count", equalTo(2))
                .body("items[0].orderId", equalTo("O-5007")).extract().path("items[1].id");
        acme().get("/invoices/" + invoice).then().statusCode(200).body("orderId", equalTo("O-5006"));
        acme().get("/invoices/" + invoice + "/payments").then().statusCode(200);
        acme().queryParam("status", "refunded").get("/customers/C-1005/invoices").then().statusCode(400);
        acme().queryParam("limit", 0).get("/customers/C-1005/orders").then().statusCode(400);
        acme().queryParam("status", "cancelled").get("/customers/C-1004/orders").then().statusCode(200)
                .body("items.id", contains("O-5005"));
        given().queryParam("tenant", "globex").get("/tickets/T-1001").then().statusCode(404);
        given().queryParam("tenant", "globex").get("/invoices/" + invoice).then().statusCode(404);
    }
}
