package dev.capplanner.router;

import static org.assertj.core.api.Assertions.assertThat;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.contracts.events.Selection;
import dev.capplanner.router.keyword.KeywordIndex;
import dev.capplanner.router.keyword.Tokenizer;
import dev.capplanner.router.ranking.MatchReason;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.strategy.RankingStrategy;
import dev.capplanner.router.strategy.SnapshotRankers;
import dev.capplanner.testing.events.CapabilityFixtures;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class KeywordIndexTest {

    final KeywordIndex demo = KeywordIndex.build(CapabilityFixtures.demo());

    @Test
    void tokenizerSplitsIdentifiersDropsStopWordsAndFoldsPlurals() {
        assertThat(new Tokenizer().terms("Show the customerOrders of order_history for all Companies"))
                .containsExactly("customer", "order", "order", "history", "company");
    }

    @Test
    void orderQuestionsRankOrderToolsFirst() {
        assertThat(top(new RankingQuery("What is the status of order O-5002?", List.of(), null)))
                .isEqualTo("orders.detail");
        assertThat(top(new RankingQuery("Find the customer called Riccardo Lorini", List.of(), null)))
                .isEqualTo("customers.search");
    }

    @Test
    void earlierEvidenceFavoursMatchingToolsAboutItsEntityButAddsNoCandidate() {
        KeywordIndex index = KeywordIndex.build(List.of(
                CapabilityFixtures.capability("invoices.detail", "invoice", "detail", "Full record by id.",
                        "/invoices/{invoiceId}", Map.of("invoiceId", ""), List.of()),
                CapabilityFixtures.capability("shipments.detail", "shipment", "detail", "Full record by id.",
                        "/shipments/{shipmentId}", Map.of("shipmentId", ""), List.of()),
                CapabilityFixtures.capability("shipments.list", "shipment", "list", "List the shipments of a customer.",
                        "/customers/{customerId}/shipments", Map.of("customerId", ""), List.of())));
        RankingQuery plain = new RankingQuery("the full record of the first one", List.of(), null);
        assertThat(index.rank(plain, 2)).extracting(r -> r.capability().name())
                .containsExactly("invoices.detail", "shipments.detail");

        RankingQuery afterShipments = new RankingQuery("the full record of the first one", List.of(), null,
                List.of("shipments.list"));
        List<RankedCapability> ranked = index.rank(afterShipments, 3);
        assertThat(ranked.get(0).capability().name()).isEqualTo("shipments.detail");
        assertThat(ranked.get(0).reasons()).contains(new MatchReason.EvidenceMatch("shipment"));
        assertThat(ranked).filteredOn(RankedCapability::relevant).extracting(r -> r.capability().name())
                .as("shipments.list matches no word of the question: evidence alone does not make it a candidate")
                .containsExactly("shipments.detail", "invoices.detail");

        RankingQuery unknownEvidence = new RankingQuery("the full record of the first one", List.of(), null,
                List.of("admin.secrets"));
        assertThat(index.rank(unknownEvidence, 3)).isEqualTo(index.rank(plain, 3));
    }

    @Test
    void sameInputGivesTheSameOrderWhateverTheSnapshotOrder() {
        RankingQuery query = new RankingQuery("customer orders", List.of(), null);
        List<Capability> shuffled = new ArrayList<>(CapabilityFixtures.demo());
        Collections.reverse(shuffled);
        assertThat(KeywordIndex.build(shuffled).rank(query)).isEqualTo(demo.rank(query));
    }

    @Test
    void tiesAreBrokenByName() {
        List<RankedCapability> ranked = demo.rank(new RankingQuery("zebra", List.of(), null));
        assertThat(ranked).allMatch(r -> r.score() == 0 && !r.relevant());
        assertThat(ranked).extracting(r -> r.capability().name()).isSorted();
    }

    @Test
    void selectedCustomerFavoursToolsTakingACustomerId() {
        Selection customer = new Selection("customers.search", "customer", Map.of("id", "C-1001"));
        RankingQuery withSelection = new RankingQuery("and the orders?", List.of(), customer);
        RankedCapability ordersList = find(demo.rank(withSelection), "orders.list");
        RankedCapability withoutSelection = find(demo.rank(new RankingQuery("and the orders?", List.of(), null)),
                "orders.list");
        assertThat(ordersList.score()).isGreaterThan(withoutSelection.score());
        assertThat(ordersList.reasons()).contains(new MatchReason.SelectionMatch("customer"));
    }

    @Test
    void recentTurnsCountLessThanTheQuestion() {
        RankingQuery query = new RankingQuery("the details please", List.of("orders of C-1001"), null);
        RankedCapability detail = find(demo.rank(query), "orders.detail");
        assertThat(detail.reasons()).contains(new MatchReason.TermMatch("order", "name"),
                new MatchReason.TermMatch("detail", "name"));
    }

    @Test
    void rarerTermsWeighMoreThanCommonOnes() {
        // "order" appears in every order tool; "history" only in orders.list's aliases.
        assertThat(top(new RankingQuery("order history", List.of(), null))).isEqualTo("orders.list");
    }

    @Test
    void limitedRankingIsThePrefixOfTheFullRanking() {
        RankingQuery query = new RankingQuery("customer orders", List.of(), null);
        assertThat(demo.rank(query, 2)).isEqualTo(demo.rank(query).subList(0, 2));
    }

    @Test
    void limitedRankingEqualsTheFullRankingsPrefixOnALargerCatalogWithTies() {
        List<Capability> many = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            String entity = List.of("order", "invoice", "customer", "shipment").get(i % 4);
            many.add(CapabilityFixtures.capability(entity + "s.tool" + (59 - i), entity, i % 3 == 0 ? "list" : "detail",
                    "Tool about " + entity + (i % 5 == 0 ? " history" : ""), "/t/" + i, Map.of("id", ""), List.of()));
        }
        KeywordIndex index = KeywordIndex.build(many);
        for (String question : List.of("order history", "invoice detail", "nothing matches this", "customer list")) {
            RankingQuery query = new RankingQuery(question, List.of(), null);
            List<RankedCapability> full = index.rank(query);
            assertThat(full).hasSize(60);
            for (int limit : List.of(1, 8, 40, 60)) {
                assertThat(index.rank(query, limit)).as(question + " top " + limit).isEqualTo(full.subList(0, limit));
            }
        }
    }

    @Test
    void parameterDescriptionsAreSearchedToo() {
        Capability described = withParameterDescription(CapabilityFixtures.capability("reports.get", "report", "get",
                "Fetch a report", "/reports/{id}", Map.of("id", ""), List.of()), "id", "The fiscal quarter identifier");
        Capability other = CapabilityFixtures.capability("invoices.get", "invoice", "get", "Fetch an invoice",
                "/invoices/{id}", Map.of("id", ""), List.of());
        RankedCapability ranked = KeywordIndex.build(List.of(described, other))
                .rank(new RankingQuery("quarter", List.of(), null)).get(0);
        assertThat(ranked.capability().name()).isEqualTo("reports.get");
        assertThat(ranked.score()).as("\"quarter\" appears only in a parameter description").isPositive();
        assertThat(ranked.reasons()).containsExactly(new MatchReason.TermMatch("quarter", "parameter descriptions"));
    }

    @Test
    void cacheBuildsOneIndexPerSnapshotHash() {
        SnapshotRankers cache = new SnapshotRankers(RankingStrategy.KEYWORD, () -> {
            throw new AssertionError("keyword ranking must not load the embedding model");
        }, 2);
        var first = cache.forSnapshot("sha256:a", CapabilityFixtures.demo());
        assertThat(cache.forSnapshot("sha256:a", CapabilityFixtures.demo())).isSameAs(first);
        assertThat(cache.builds()).isEqualTo(1);
        cache.forSnapshot("sha256:b", CapabilityFixtures.demo());
        cache.forSnapshot("sha256:c", CapabilityFixtures.demo());
        assertThat(cache.builds()).isEqualTo(3);
        List<String> kept = Stream.of("sha256:a", "sha256:b", "sha256:c")
                .filter(hash -> cache.find(hash).isPresent()).toList();
        assertThat(kept).as("at most the capacity is kept").hasSizeLessThanOrEqualTo(2);
        String dropped = Stream.of("sha256:a", "sha256:b", "sha256:c").filter(hash -> !kept.contains(hash))
                .findFirst().orElseThrow();
        cache.forSnapshot(dropped, CapabilityFixtures.demo());
        assertThat(cache.builds()).as("a dropped snapshot's ranker is built again").isEqualTo(4);
    }

    @Test
    void strategiesParseAndBuildTheirRankers() {
        assertThat(RankingStrategy.parse(" Hybrid ")).isEqualTo(RankingStrategy.HYBRID);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> RankingStrategy.parse("bm42"))
                .hasMessageContaining("keyword, semantic or hybrid");
        var embeddings = new dev.capplanner.router.semantic.CapabilityEmbeddings(new WordHashEmbedder());
        var question = new RankingQuery("orders of a customer", List.of(), null);
        assertThat(new SnapshotRankers(RankingStrategy.SEMANTIC, () -> embeddings, 4)
                .forSnapshot("sha256:s", CapabilityFixtures.demo()).rank(question, 1).get(0).reasons())
                .as("meaning only").hasAtLeastOneElementOfType(MatchReason.SemanticSimilarity.class)
                .doesNotHaveAnyElementsOfTypes(MatchReason.TermMatch.class, MatchReason.FusedScore.class);
        assertThat(new SnapshotRankers(RankingStrategy.HYBRID, () -> embeddings, 4)
                .forSnapshot("sha256:h", CapabilityFixtures.demo()).rank(question, 1).get(0).reasons().get(0))
                .as("fused").isInstanceOf(MatchReason.FusedScore.class);
    }

    @SuppressWarnings("unchecked")
    private static Capability withParameterDescription(Capability capability, String parameter, String description) {
        Map<String, Object> schema = new java.util.LinkedHashMap<>(capability.inputSchema());
        Map<String, Object> properties = new java.util.LinkedHashMap<>((Map<String, Object>) schema.get("properties"));
        Map<String, Object> property = new java.util.LinkedHashMap<>((Map<String, Object>) properties.get(parameter));
        property.put("description", description);
        properties.put(parameter, property);
        schema.put("properties", properties);
        return new Capability(capability.name(), capability.kind(), capability.family(), capability.entity(),
                capability.operation(), capability.description(), capability.aliases(), capability.readOnly(),
                capability.endpoint(), schema, capability.outputCollectionPath());
    }

    private String top(RankingQuery query) {
        return demo.rank(query).get(0).capability().name();
    }

    private static RankedCapability find(List<RankedCapability> ranked, String name) {
        return ranked.stream().filter(r -> r.capability().name().equals(name)).findFirst().orElseThrow();
    }
}
