package dev.capplanner.demo;

import static io.restassured.RestAssured.given;
import static org.hamcrest.Matchers.contains;
import static org.hamcrest.Matchers.equalTo;
import static org.hamcrest.Matchers.hasKey;

import io.quarkus.test.junit.QuarkusTest;
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
        given().get("/openapi.json").then().statusCode(200)
                .body("paths", hasKey("/customers"))
                .body("paths", hasKey("/customers/{customerId}"))
                .body("paths", hasKey("/customers/{customerId}/orders"))
                .body("paths", hasKey("/orders/{orderId}"));
    }
}
