// A correct representation program in C++.
#include <algorithm>
#include <iostream>
#include <random>
#include <string>

int main() {
    std::random_device rd;
    std::mt19937 gen(rd());
    int n = 0;
    std::string line;
    while (n < 5 || n > 10) {
        std::cout << "Rook Jumping Maze size (5-10)? " << std::flush;
        if (!std::getline(std::cin, line)) return 1;
        try { n = std::stoi(line); } catch (...) { n = 0; }
    }
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int j = 0;
            if (r != n - 1 || c != n - 1) {
                int m = std::max(std::max(r, n - 1 - r), std::max(c, n - 1 - c));
                j = std::uniform_int_distribution<int>(1, m)(gen);
            }
            std::cout << (c ? " " : "") << j;
        }
        std::cout << "\n";
    }
}
