package dev.capplanner.router.hybrid;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.WordHashEmbedder;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.rerank.RerankCandidate;
import dev.capplanner.router.rerank.Reranker;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.EmbeddedText;
import dev.capplanner.router.semantic.SemanticIndex;
import dev.capplanner.router.semantic.TextEmbedder;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class HybridRerankingTest {

    private static final RankingQuery QUESTION = new RankingQuery("order report of customer C-1001", List.of(), null);

    private final List<Capability> tools = catalog();
    private final KeywordIndex keyword = KeywordIndex.build(tools);
    private final SemanticIndex semantic = SemanticIndex.build(tools, new CapabilityEmbeddings(new WordHashEmbedder()));

    @Test
    void aRerankerReordersTheRelevantHeadAndLeavesWhatIsRelevantAlone() {
        List<RankedCapability> first = new HybridRanker(keyword, semantic).rank(QUESTION, 60);
        List<String> seen = new ArrayList<>();
        Reranker reversing = (question, candidates) -> {
            seen.add(question.text());
            List<RerankCandidate> reversed = new ArrayList<>(candidates);
            Collections.reverse(reversed);
            return reversed;
        };
        List<RankedCapability> second = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, reversing)
                .rank(QUESTION, 60);
        List<String> relevantFirst = names(first.stream().filter(RankedCapability::relevant).toList());
        List<String> relevantSecond = names(second.stream().filter(RankedCapability::relevant).toList());
        assertThat(relevantFirst).hasSizeGreaterThan(Reranker.VIEW);
        List<String> head = new ArrayList<>(relevantFirst.subList(0, Reranker.VIEW));
        Collections.reverse(head);
        assertThat(relevantSecond.subList(0, Reranker.VIEW)).as("the head, reordered").isEqualTo(head);
        assertThat(relevantSecond.subList(Reranker.VIEW, relevantSecond.size()))
                .as("past the view, the first stage's order").isEqualTo(relevantFirst.subList(Reranker.VIEW,
                        relevantFirst.size()));
        assertThat(names(second.subList(relevantSecond.size(), second.size())))
                .isEqualTo(names(first.subList(relevantFirst.size(), first.size())));
        assertThat(seen).containsExactly(QUESTION.question());
    }

    @Test
    void aRerankerThatDropsOrAddsACandidateIsRefused() {
        Reranker dropping = (question, candidates) -> candidates.subList(1, candidates.size());
        assertThatThrownBy(() -> new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, dropping)
                .rank(QUESTION, 8)).isInstanceOf(IllegalStateException.class);
        Reranker doubling = (question, candidates) -> {
            List<RerankCandidate> more = new ArrayList<>(candidates);
            more.add(candidates.get(0));
            return more;
        };
        assertThatThrownBy(() -> new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, doubling)
                .rank(QUESTION, 8)).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void eachPartOfAMultiStepRequestIsRerankedOnItsOwnTextAndAHeadOfOneIsLeftAlone() {
        List<String> seen = new ArrayList<>();
        Reranker recording = recording(seen);
        HybridRanker ranker = new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, recording);
        String request = "Show the order report of customer C-1001. Then list the order reports of customer C-1002.";
        ranker.rank(new RankingQuery(request, List.of(), null), 8);
        assertThat(seen).hasSize(3);
        assertThat(seen.get(0)).isEqualTo(request);
        assertThat(seen.subList(1, 3)).allSatisfy(part -> assertThat(request).contains(part).isNotEqualTo(part));
        seen.clear();
        List<Capability> two = List.of(tools.get(tools.size() - 1), CapabilityFixtures.capability("billing.invoices",
                "invoice", "list", "List the invoices of a customer", "/invoices", Map.of("customerId", ""), List.of()));
        List<RankedCapability> alone = new HybridRanker(KeywordIndex.build(two),
                SemanticIndex.build(two, new CapabilityEmbeddings(new WordHashEmbedder())), HybridRanker.DEFAULT_FUSION,
                recording).rank(new RankingQuery("weather forecast for Milan", List.of(), null), 8);
        assertThat(alone.stream().filter(RankedCapability::relevant)).hasSize(1);
        assertThat(seen).as("one relevant capability: nothing to reorder").isEmpty();
    }

    @Test
    void aRequestOfManyPartsIsRerankedOnlyInItsFirstRankings() {
        List<String> seen = new ArrayList<>();
        Reranker recording = recording(seen);
        StringBuilder request = new StringBuilder();
        for (int i = 0; i < 12; i++) {
            request.append("Show the order report of customer C-10").append(10 + i).append(". ");
        }
        new HybridRanker(keyword, semantic, HybridRanker.DEFAULT_FUSION, recording)
                .rank(new RankingQuery(request.toString().strip(), List.of(), null), 8);
        assertThat(seen).as("the whole request and its first seven parts").hasSize(HybridRanker.RERANKED_RANKINGS);
    }

    @Test
    void theQuestionIsReadByTheModelOnceAndTheRerankerGetsThatReadingsTokens() {
        float[][] marked = new float[1][384];
        marked[0][0] = 1;
        List<String> read = new ArrayList<>();
        TextEmbedder counting = new TextEmbedder() {
            private final WordHashEmbedder words = new WordHashEmbedder();

            @Override
            public float[] embed(String text) {
                read.add("vector " + text);
                return words.embed(text);
            }

            @Override
            public EmbeddedText embedWithTokens(String text) {
                read.add("both " + text);
                return new EmbeddedText(words.embed(text), marked);
            }

            @Override
            public String modelId() {
                return words.modelId();
            }
        };
        SemanticIndex counted = SemanticIndex.build(tools, new CapabilityEmbeddings(counting));
        read.clear();
        List<float[][]> given = new ArrayList<>();
        new HybridRanker(keyword, counted, HybridRanker.DEFAULT_FUSION, (question, candidates) -> {
            given.add(question.tokens());
            return candidates;
        }).rank(QUESTION, 8);
        assertThat(read).containsExactly("both " + QUESTION.question());
        assertThat(given).containsExactly(marked);
    }

    /** Records each reranked part's text and changes nothing. */
    private static Reranker recording(List<String> seen) {
        return (question, candidates) -> {
            seen.add(question.text());
            return candidates;
        };
    }

    private static List<String> names(List<RankedCapability> ranked) {
        return ranked.stream().map(r -> r.capability().name()).toList();
    }

    /** Fifty look-alike order reports (all relevant to the question) and a few unrelated tools. */
    private static List<Capability> catalog() {
        List<Capability> tools = new ArrayList<>(CapabilityFixtures.demo());
        for (int i = 0; i < 50; i++) {
            tools.add(CapabilityFixtures.capability("orders.report" + i, "order", "report",
                    "Order report " + i + " of a customer", "/reports/" + i, Map.of("customerId", "^C-[0-9]{4}$"),
                    List.of()));
        }
        tools.add(CapabilityFixtures.capability("weather.forecast", "forecast", "get", "Weather forecast for a city",
                "/forecast", Map.of("city", ""), List.of()));
        return tools;
    }
}
