package dev.capplanner.reports;

import static dev.capplanner.reports.ReportTestSupport.publish;
import static dev.capplanner.reports.ReportTestSupport.await;
import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Plan;
import dev.capplanner.contracts.events.PlannedAction;
import dev.capplanner.contracts.events.RunContext;
import dev.capplanner.contracts.events.ShadowCompared;
import dev.capplanner.testing.events.CapabilityFixtures;
import dev.capplanner.testing.events.TurnFixtures;
import dev.capplanner.testing.kafka.KafkaTestClient;
import dev.capplanner.testing.quarkus.KafkaBrokerTestResource;
import dev.capplanner.testing.quarkus.PostgresTestResource;
import io.quarkus.test.common.QuarkusTestResource;
import io.quarkus.test.common.http.TestHTTPResource;
import io.quarkus.test.junit.QuarkusTest;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

/**
 * The dashboard in a real headless browser (Debian's chromium and chromium-driver, installed by
 * .ci/run): signed in with an analyst's token it draws both charts, the promotion gate and the
 * review queue of the tenant, and a click on a divergence shows both masked plans, as text. A
 * screenshot is kept in target/dashboard.png.
 */
@QuarkusTest
@QuarkusTestResource(KafkaBrokerTestResource.class)
@QuarkusTestResource(PostgresTestResource.class)
class DashboardBrowserTest {

    static final String TENANT = "dashco";
    static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

    @TestHTTPResource("/dashboard")
    URL dashboard;

    @Test
    void anAnalystSeesChartsTheGateAndTheQueueAndDrillsIntoBothMaskedPlans() throws Exception {
        Assumptions.assumeTrue(Files.isExecutable(CHROMIUM) && Files.isExecutable(CHROMEDRIVER),
                "chromium and chromium-driver are not installed (.ci/run installs them with apt-get)");
        publishReports();
        ChromeOptions options = new ChromeOptions().setBinary(CHROMIUM.toFile())
                .addArguments("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,1400");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        WebDriver browser = new ChromeDriver(service, options);
        try {
            browser.get(dashboard.toString());
            browser.findElement(By.id("token")).sendKeys(AnalystTokens.token(Set.of("analyst"), List.of(TENANT)));
            browser.findElement(By.id("tenant")).sendKeys(TENANT);
            browser.findElement(By.id("show")).click();
            await(() -> "true".equals(((JavascriptExecutor) browser)
                    .executeScript("return document.body.dataset.loaded"))
                    || !browser.findElement(By.id("error")).getText().isEmpty(), "the dashboard did not load");
            assertThat(browser.findElement(By.id("error")).getText()).isEmpty();

            assertThat(browser.findElements(By.cssSelector("#rates canvas"))).as("the rates chart is drawn").isNotEmpty();
            assertThat(browser.findElements(By.cssSelector("#kinds canvas"))).as("the kinds chart is drawn").isNotEmpty();
            assertThat(browser.findElements(By.cssSelector("#gate tbody tr"))).as("the seed's six criteria and the labelled cases'")
                    .hasSize(7);
            assertThat(browser.findElement(By.id("gate-verdict")).getText()).isEqualTo("does not pass");
            List<org.openqa.selenium.WebElement> queue = browser.findElements(By.cssSelector("#queue li"));
            assertThat(queue).extracting(org.openqa.selenium.WebElement::getText)
                    .anySatisfy(line -> assertThat(line).startsWith("dash-hostile"))
                    .anySatisfy(line -> assertThat(line).startsWith("dash-tools (tools"));

            queue.stream().filter(item -> item.getText().startsWith("dash-hostile")).findFirst().orElseThrow().click();
            await(() -> !browser.findElement(By.id("classic-plan")).getText().isEmpty(),
                    "the drill-down did not show the plans");
            assertThat(browser.findElement(By.id("classic-plan")).getText()).contains("\"tool\": \"customers.search\"").contains("\"name\": \"<person:");
            assertThat(browser.findElement(By.id("capability-plan")).getText()).contains("orders.list");
            String title = browser.findElement(By.id("drill-title")).getText();
            // Strict masking keeps the tags' words it knows ("b", "bold") and masks the rest ("onmouseover").
            assertThat(title).as("markup in a question is shown as text").containsPattern("<b <word:[0-9a-f]{8}>=alert\\(1\\)>bold</b>");
            assertThat(browser.findElements(By.cssSelector("#drill-title b"))).as("and never becomes an element").isEmpty();
            assertThat(title).doesNotContain("Anna Conti");

            Path screenshot = Path.of("target", "dashboard.png");
            Files.write(screenshot, ((TakesScreenshot) browser).getScreenshotAs(OutputType.BYTES));
            assertThat(Files.size(screenshot)).isPositive();
        } finally {
            browser.quit();
        }
    }

    private static void publishReports() {
        Plan search = Plan.actions(Plan.CLASSIC, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Anna Conti"), List.of())));
        Plan chain = Plan.actions(Plan.CAPABILITY, List.of(new PlannedAction("a1", "customers.search",
                Map.of("name", "Anna Conti"), List.of()), new PlannedAction("a2", "orders.list", Map.of(), List.of("a1"))));
        try (KafkaTestClient kafka = new KafkaTestClient(KafkaBrokerTestResource.bootstrapServers())) {
            publish(kafka, comparison("dash-agree", "2026-11-25T09:00:00Z", "Orders of Anna Conti", search,
                    Plan.actions(Plan.CAPABILITY, search.actions()), true));
            publish(kafka, comparison("dash-tools", "2026-11-25T10:00:00Z", "Orders of Anna Conti", search, chain, false));
            publish(kafka, comparison("dash-hostile", "2026-11-26T10:00:00Z",
                    "Orders of Anna Conti <b onmouseover=alert(1)>bold</b>", search, chain, false));
        }
        await(() -> io.restassured.RestAssured.given().header("Authorization",
                AnalystTokens.analystOf(TENANT)).queryParam("tenantId", TENANT).get("/reports").jsonPath()
                .getInt("total") == 3, "the reports were not stored");
    }

    private static ShadowCompared comparison(String runId, String at, String question, Plan classic, Plan capability,
                                             boolean agreement) {
        RunContext base = TurnFixtures.run(runId);
        RunContext run = new RunContext(runId, base.turnId(), 0, TENANT, base.projectId(), "conv-" + runId,
                base.principal());
        return new ShadowCompared("v1", "evt-" + runId, Instant.parse(at), run, "shadow", question,
                CapabilityFixtures.snapshotRef(run, CapabilityFixtures.demo()), List.of("customers.search", "orders.list"),
                classic, capability, agreement, 5, null, null, null);
    }

}
