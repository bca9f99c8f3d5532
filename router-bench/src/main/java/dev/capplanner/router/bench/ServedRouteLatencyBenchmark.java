package dev.capplanner.router.bench;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.ranking.CapabilityRanker;
import dev.capplanner.router.routing.DeterministicRouter;
import dev.capplanner.router.routing.Route;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.strategy.RankerFactory;
import dev.capplanner.router.strategy.RankingStrategy;
import java.util.ArrayList;
import java.util.List;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Setup;

/**
 * The deterministic route as the router serves it: the hybrid built by the router's factory (look-alikes
 * named), ranked deep enough to fill eight places with whole families, families put in one place each,
 * prerequisite finders added. The synthetic tools are spread over four providers, so every tool has
 * look-alikes (at 10,000 about a dozen each: harder than real catalogs).
 */
public class ServedRouteLatencyBenchmark extends RankLatencySettings {

    static final int PROVIDERS = 4;

    CapabilityRanker served;
    final DeterministicRouter router = new DeterministicRouter(8);

    @Setup
    public void buildIndexes() {
        List<Capability> catalog = SyntheticCatalog.generate(capabilities, 42);
        List<Capability> spread = new ArrayList<>(catalog.size());
        for (int i = 0; i < catalog.size(); i++) {
            Capability c = catalog.get(i);
            spread.add(new Capability(c.name(), c.kind(), "api:provider" + (i % PROVIDERS) + "-" + c.entity(),
                    c.entity(), c.operation(), c.description(), c.aliases(), c.readOnly(), c.endpoint(),
                    c.inputSchema(), c.outputCollectionPath()));
        }
        served = new RankerFactory(() -> new CapabilityEmbeddings(new MiniLmEmbedder()))
                .build(RankingStrategy.HYBRID, spread);
    }

    @Benchmark
    public Route servedRoute() {
        return router.route(nextQuery(), served);
    }
}
