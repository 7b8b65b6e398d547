#include "deform_conv_cpu.h"
#include "deform_conv_cuda.h"

at::Tensor deform_conv_forward(const at::Tensor &input, const at::Tensor &weight, const at::Tensor &offset,
                               int kH, int kW, int dH, int dW, int padH, int padW, int dilationH,
                               int dilationW, int group, int deformable_group, int im2col_step) {
  if (input.is_cuda()) {
    return deform_conv_forward_cuda(input, weight, offset, kH, kW, dH, dW, padH, padW, dilationH,
                                    dilationW, group, deformable_group, im2col_step);
  }
  AT_ERROR("Not implemented on the CPU");
}

std::vector<at::Tensor> deform_conv_backward(const at::Tensor &input, const at::Tensor &weight,
                                             const at::Tensor &offset, const at::Tensor &grad_output,
                                             int kH, int kW, int dH, int dW, int padH, int padW,
                                             int dilationH, int dilationW, int group, int deformable_group,
                                             int im2col_step) {
  if (input.is_cuda()) {
    return deform_conv_backward_cuda(input, weight, offset, grad_output, kH, kW, dH, dW, padH, padW,
                                     dilationH, dilationW, group, deformable_group, im2col_step);
  }
  AT_ERROR("Not implemented on the CPU");
}

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
  m.def("deform_conv_forward", &deform_conv_forward, "deform_conv_forward");
  m.def("deform_conv_backward", &deform_conv_backward, "deform_conv_backward");
}
