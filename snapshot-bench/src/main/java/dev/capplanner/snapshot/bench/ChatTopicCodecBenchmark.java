package dev.capplanner.snapshot.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.record.MemoryRecords;
import org.apache.kafka.common.record.MemoryRecordsBuilder;
import org.apache.kafka.common.record.Record;
import org.apache.kafka.common.record.RecordBatch;
import org.apache.kafka.common.record.TimestampType;
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
 * What storing a chat backend's topics as gzip costs the broker. The suite's producers write zstd;
 * on a topic whose {@code compression.type} is gzip the broker decompresses each batch and compresses
 * it again ({@code zstdToGzip}) where it would otherwise only decompress it to validate it
 * ({@code zstdValidated}); a consumer reads a gzip batch ({@code gzipRead}). Batches of
 * {@code records} turn.completed events recorded from the local stack (a turn's completion is usually
 * alone in its batch). Average time per batch, 3 x 2 s warm-up, 5 x 2 s measurement, one fork.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ChatTopicCodecBenchmark {

    @Param({"1", "5"})
    public int records;

    private MemoryRecords zstd;
    private MemoryRecords gzip;

    @Setup
    public void read() {
        Path file = Path.of(System.getProperty("events.dir", "contracts/src/test/resources/recorded/v1"))
                .resolve("turn.completed.jsonl");
        List<byte[]> values = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(file)) {
                if (!line.isBlank() && values.size() < records) {
                    values.add(line.getBytes(StandardCharsets.UTF_8));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("run from the repository root (or set -Devents.dir)", e);
        }
        zstd = batch(values, Compression.zstd().build());
        gzip = batch(values, Compression.gzip().build());
    }

    @Benchmark
    public long zstdValidated() {
        return valueBytes(zstd);
    }

    @Benchmark
    public int zstdToGzip() {
        List<byte[]> values = new ArrayList<>();
        for (RecordBatch batch : zstd.batches()) {
            for (Record record : batch) {
                byte[] value = new byte[record.valueSize()];
                record.value().get(value);
                values.add(value);
            }
        }
        return batch(values, Compression.gzip().build()).sizeInBytes();
    }

    @Benchmark
    public long gzipRead() {
        return valueBytes(gzip);
    }

    private static long valueBytes(MemoryRecords records) {
        long bytes = 0;
        for (RecordBatch batch : records.batches()) {
            for (Record record : batch) {
                bytes += record.valueSize();
            }
        }
        return bytes;
    }

    private static MemoryRecords batch(List<byte[]> values, Compression compression) {
        MemoryRecordsBuilder builder = MemoryRecords.builder(ByteBuffer.allocate(1 << 20), RecordBatch.CURRENT_MAGIC_VALUE,
                compression, TimestampType.CREATE_TIME, 0L);
        values.forEach(value -> builder.append(0L, "conversation".getBytes(StandardCharsets.UTF_8), value));
        return builder.build();
    }
}
