void saxpy(int n, float a, const float *restrict x, float *restrict y) { for (int i = 0; i < n; i++) y[i] += a * x[i]; }
void mm(int n, double A[n][n], double B[n][n], double Cm[n][n]) { for (int i=0;i<n;i++) for (int j=0;j<n;j++) { double s=0; for (int k=0;k<n;k++) s+=A[i][k]*B[k][j]; Cm[i][j]=s; } }
int find(const int *a, int n, int x) { for (int i = 0; i < n; i++) if (a[i] == x) return i; return -1; }
void stencil(int n, float *restrict o, const float *restrict in) { for (int i=1;i<n-1;i++) o[i] = (in[i-1]+in[i]+in[i+1])/3.0f; }
long red(const long *a, int n) { long m = a[0]; for (int i = 1; i < n; i++) m = a[i] > m ? a[i] : m; return m; }
void cond(int n, int *a, int *b) { for (int i = 0; i < n; i++) if (a[i] > 0) b[i] = a[i] * 2; else b[i] = -a[i]; }
unsigned hash(const char *s) { unsigned h = 5381; while (*s) h = h * 33 ^ (unsigned char)*s++; return h; }
