package dev.capplanner.router.keyword;

import java.util.ArrayList;
import java.util.List;

/** Selects the k best documents (higher score, then earlier name) with a primitive min-heap. */
final class TopK {
    private final double[] scores;
    private final int[] nameRank;
    private final int[] heap;
    private int size;

    TopK(double[] scores, int[] nameRank, int k) {
        this.scores = scores;
        this.nameRank = nameRank;
        this.heap = new int[Math.max(0, k)];
    }

    List<Integer> select(int[] docs, int count) {
        if (heap.length == 0) {
            return new ArrayList<>();
        }
        for (int i = 0; i < count; i++) {
            int doc = docs[i];
            if (size < heap.length) {
                heap[size] = doc;
                siftUp(size++);
            } else if (better(doc, heap[0])) {
                heap[0] = doc;
                siftDown(0);
            }
        }
        List<Integer> best = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            best.add(heap[i]);
        }
        best.sort((a, b) -> better(a, b) ? -1 : better(b, a) ? 1 : 0);
        return best;
    }

    private boolean better(int a, int b) {
        return scores[a] > scores[b] || (scores[a] == scores[b] && nameRank[a] < nameRank[b]);
    }

    private void siftUp(int i) {
        while (i > 0) {
            int parent = (i - 1) / 2;
            if (!better(heap[parent], heap[i])) {
                break;
            }
            swap(i, parent);
            i = parent;
        }
    }

    private void siftDown(int i) {
        while (true) {
            int worst = i;
            int left = 2 * i + 1;
            int right = left + 1;
            if (left < size && better(heap[worst], heap[left])) {
                worst = left;
            }
            if (right < size && better(heap[worst], heap[right])) {
                worst = right;
            }
            if (worst == i) {
                return;
            }
            swap(i, worst);
            i = worst;
        }
    }

    private void swap(int a, int b) {
        int held = heap[a];
        heap[a] = heap[b];
        heap[b] = held;
    }
}
