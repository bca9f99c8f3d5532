package dev.capplanner.router.bench;

import dev.capplanner.contracts.events.Capability;
import dev.capplanner.router.hybrid.HybridRanker;
import dev.capplanner.router.ranking.KeywordIndex;
import dev.capplanner.router.ranking.RankedCapability;
import dev.capplanner.router.ranking.RankingQuery;
import dev.capplanner.router.semantic.CapabilityEmbeddings;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.capplanner.router.semantic.SemanticIndex;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Hybrid rank latency with cached indexes (keyword index and capability vectors built once in
 * setup, as per snapshot hash in the router): each call embeds the question with the in-process
 * MiniLM model, scores every capability vector, ranks by keywords and fuses, returning the
 * strongest 40. Setup embeds every synthetic capability once (about a minute at 10,000).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SampleTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class HybridRankLatencyBenchmark {

    @Param({"100", "1000", "10000"})
    int capabilities;

    HybridRanker hybrid;
    List<RankingQuery> queries;
    int next;

    @Setup
    public void buildIndexes() {
        List<Capability> catalog = SyntheticCatalog.generate(capabilities, 42);
        hybrid = new HybridRanker(KeywordIndex.build(catalog),
                SemanticIndex.build(catalog, new CapabilityEmbeddings(new MiniLmEmbedder())));
        queries = SyntheticCatalog.questions(7, 256).stream().map(q -> new RankingQuery(q, List.of(), null)).toList();
    }

    @Benchmark
    public List<RankedCapability> hybridTop40() {
        RankingQuery query = queries.get(next++ & 255);
        return hybrid.rank(query, 40);
    }
}
