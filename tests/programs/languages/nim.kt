// A correct solution to `nim` in Kotlin: Bouton's theorem, the first winning move.
fun main() {
    val words = generateSequence(::readLine).flatMap { it.split(' ', '\t').asSequence() }
        .filter { it.isNotEmpty() }.map { it.toLong() }.iterator()
    repeat(words.next().toInt()) {
        val heaps = List(words.next().toInt()) { words.next() }
        val x = heaps.fold(0L) { a, h -> a xor h }
        val i = heaps.indexOfFirst { (it xor x) < it }
        println(if (x == 0L) "second" else "first ${i + 1} ${heaps[i] xor x}")
    }
}
