package dev.capplanner.planning.evaluation;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.planner.llm.PromptTokens;
import dev.capplanner.router.evaluation.DatasetCapabilities;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.routing.CapabilityRouter;
import dev.capplanner.router.routing.DeterministicRouter;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The route's prompt stays the size of eight tools while the full-catalog baseline grows with the catalog. */
class PromptTokenBudgetTest {

    static final Path HOME = Path.of(System.getProperty("capplanner.home", "..")).toAbsolutePath();

    @Test
    void theRoutedPromptIsAFixedFractionOfTheBaselineThatShrinksAsTheCatalogGrows() {
        List<Capability> source = DatasetCapabilities.read(HOME.resolve("routing-eval/goldset/catalog.jsonl"));
        PromptTokenBudget budget = new PromptTokenBudget(PromptTokens.forModel("gpt-4o-mini"));
        List<String> questions = List.of("Which open bugs are there in the acme/checkout repository on GitHub?",
                "Show me GitHub issue 482 in acme/checkout.");
        CapabilityRouter router = new DeterministicRouter(CapabilityRouter.MAX_CANDIDATES);
        List<Capability> hundred = PromptTokenBudget.scaled(source, 100);
        List<Capability> thousand = PromptTokenBudget.scaled(source, 1_000);
        PromptTokenBudget.Measurement small = budget.measure(hundred, KeywordIndex.build(hundred), router, questions);
        PromptTokenBudget.Measurement large = budget.measure(thousand, KeywordIndex.build(thousand), router, questions);
        assertThat(thousand).extracting(Capability::name).doesNotHaveDuplicates();
        assertThat(large.baseline()).isGreaterThan(9 * small.baseline());
        assertThat(large.routedP50()).isLessThan(small.routedP50() * 2);
        assertThat(large.ratioP50()).as("the issue's target at 1,000 capabilities").isLessThanOrEqualTo(0.03);
    }

    @Test
    void modelFamiliesGetTheirOwnEncoding() {
        assertThat(PromptTokens.forModel("gpt-4o-mini").encodingName()).isEqualTo("o200k_base");
        assertThat(PromptTokens.forModel("o3-mini").encodingName()).isEqualTo("o200k_base");
        assertThat(PromptTokens.forModel("gpt-4").encodingName()).isEqualTo("cl100k_base");
        assertThat(PromptTokens.forModel("llama3.1:8b").encodingName()).as("the documented estimate")
                .isEqualTo("cl100k_base");
        assertThat(PromptTokens.forModel("gpt-4o").count("{\"question\": \"Where is order O-5002?\"}")).isBetween(8, 20);
    }
}
