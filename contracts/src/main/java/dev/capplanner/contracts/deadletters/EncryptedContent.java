package dev.capplanner.contracts.deadletters;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * What a dead letter keeps out of sight: the payload and the headers that may not stay readable,
 * deflated before encryption. Ciphertext does not compress, and the broker's size limit applies to
 * compressed batches: a 2 MB snapshot event that zstd brings under 1 MB would not fit encrypted raw.
 */
record EncryptedContent(List<DeadLetterHeader> headers, byte[] payload) {

    byte[] encode() {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(new DeflaterOutputStream(bytes,
                new Deflater(Deflater.DEFAULT_COMPRESSION), 8192))) {
            out.writeInt(headers.size());
            for (DeadLetterHeader header : headers) {
                DeadLetterFormat.field(out, header.name().getBytes(StandardCharsets.UTF_8));
                DeadLetterFormat.field(out, header.value());
            }
            DeadLetterFormat.field(out, payload);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return bytes.toByteArray();
    }

    /**
     * Reads what {@link #encode} wrote; at most {@code maxBytes} once inflated, so that even an
     * authentic but huge content cannot exhaust the reader's memory.
     */
    static EncryptedContent decode(byte[] deflated, long maxBytes) {
        try (DataInputStream in = new DataInputStream(new Bounded(
                new InflaterInputStream(new ByteArrayInputStream(deflated)), maxBytes))) {
            int count = in.readInt();
            if (count < 0) {
                throw new MalformedContentException("a negative header count");
            }
            List<DeadLetterHeader> headers = new ArrayList<>();
            for (int i = 0; i < count; i++) {
                byte[] name = field(in);
                if (name == null) {
                    throw new MalformedContentException("a header without a name");
                }
                headers.add(new DeadLetterHeader(new String(name, StandardCharsets.UTF_8), field(in)));
            }
            byte[] payload = field(in);
            if (in.read() != -1) {
                throw new MalformedContentException("bytes after the payload");
            }
            return new EncryptedContent(List.copyOf(headers), payload);
        } catch (EOFException e) {
            throw new MalformedContentException("it ends early");
        } catch (IOException e) {
            throw new MalformedContentException(e.getClass().getSimpleName());
        }
    }

    private static byte[] field(DataInputStream in) throws IOException {
        int length = in.readInt();
        if (length == -1) {
            return null;
        }
        if (length < 0) {
            throw new MalformedContentException("a negative length");
        }
        // Read in chunks, not allocated up front: a length field alone cannot claim memory.
        byte[] value = in.readNBytes(length);
        if (value.length != length) {
            throw new EOFException();
        }
        return value;
    }

    /** Why encrypted content that authenticated still could not be read (a writer's bug, not an attack). */
    static final class MalformedContentException extends RuntimeException {
        MalformedContentException(String why) {
            super(why);
        }
    }

    /** Fails once more than the bound has been read, instead of inflating on. */
    private static final class Bounded extends java.io.FilterInputStream {
        private final long maxBytes;
        private long read;

        Bounded(InputStream in, long maxBytes) {
            super(in);
            this.maxBytes = maxBytes;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            count(b == -1 ? 0 : 1);
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            count(Math.max(n, 0));
            return n;
        }

        private void count(int n) {
            read += n;
            if (read > maxBytes) {
                throw new MalformedContentException("more than " + maxBytes + " bytes once inflated");
            }
        }
    }
}
