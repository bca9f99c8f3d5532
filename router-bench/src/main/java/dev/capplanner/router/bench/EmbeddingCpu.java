package dev.capplanner.router.bench;

import com.sun.management.OperatingSystemMXBean;
import dev.capplanner.router.semantic.MiniLmEmbedder;
import dev.langchain4j.model.embedding.onnx.allminilml6v2q.AllMiniLmL6V2QuantizedEmbeddingModel;
import java.lang.management.ManagementFactory;
import java.util.function.Consumer;

/**
 * What one question's embedding costs the router's process in CPU, not in wall time: a JMH
 * benchmark measures the calling thread's time, while ONNX Runtime's default session keeps a pool
 * of threads that spin-wait after every embedding. Questions arrive spaced as turns do (--gap-ms,
 * default 20 ms: 50 turns/s), and the process's CPU time is read around each round.
 *
 * <pre>java -cp router-bench/target/router-bench.jar dev.capplanner.router.bench.EmbeddingCpu stock|router [--gap-ms 20]</pre>
 *
 * One configuration per process, so that the other's threads do not run beside it.
 */
public final class EmbeddingCpu {

    private static final int QUESTIONS = 500;
    private static final int ROUNDS = 3;

    private EmbeddingCpu() {
    }

    public static void main(String[] args) throws InterruptedException {
        if (args.length < 1 || !args[0].matches("stock|router")) {
            System.err.println("usage: EmbeddingCpu stock|router [--gap-ms N]");
            System.exit(2);
        }
        long gapMs = args.length >= 3 && args[1].equals("--gap-ms") ? Long.parseLong(args[2]) : 20;
        Consumer<String> embed;
        if (args[0].equals("stock")) {
            AllMiniLmL6V2QuantizedEmbeddingModel stock = new AllMiniLmL6V2QuantizedEmbeddingModel();
            embed = stock::embed;
        } else {
            MiniLmEmbedder router = new MiniLmEmbedder();
            embed = router::embed;
        }
        OperatingSystemMXBean os = (OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
        for (int round = 1; round <= ROUNDS; round++) {
            long cpu = os.getProcessCpuTime();
            long busy = 0;
            for (int i = 0; i < QUESTIONS; i++) {
                long start = System.nanoTime();
                embed.accept("show the last " + i + " orders of customer C-" + (1000 + i) + " placed since march "
                        + (i % 28 + 1) + " and their shipments");
                busy += System.nanoTime() - start;
                Thread.sleep(gapMs);
            }
            System.out.printf("%s, round %d: %.2f ms of process CPU and %.2f ms of wall time per embedding"
                            + " (%d questions, %d ms apart)%n", args[0], round,
                    (os.getProcessCpuTime() - cpu) / 1e6 / QUESTIONS, busy / 1e6 / QUESTIONS, QUESTIONS, gapMs);
        }
    }
}
