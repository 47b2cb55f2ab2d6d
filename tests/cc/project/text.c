#include "common.h"
#include <string.h>

size_t count_words(const char *s) {
  size_t words = 0;
  int in_word = 0;
  for (; *s; s++) {
    int letter = (*s >= 'a' && *s <= 'z') || (*s >= 'A' && *s <= 'Z');
    if (letter && !in_word)
      words++;
    in_word = letter;
  }
  return words;
}

void histogram(const char *s, uint32_t counts[26]) {
  for (int i = 0; i < 26; i++)
    counts[i] = 0;
  while (*s) {
    char c = *s++;
    if (c >= 'A' && c <= 'Z')
      c = (char)(c - 'A' + 'a');
    if (c >= 'a' && c <= 'z')
      counts[c - 'a']++;
  }
}

void reverse(char *s) {
  size_t n = strlen(s);
  for (size_t i = 0, j = n ? n - 1 : 0; i < j; i++, j--) {
    char t = s[i];
    s[i] = s[j];
    s[j] = t;
  }
}
