#pragma once
#include <torch/extension.h>

at::Tensor deform_conv_forward_cuda(const at::Tensor &input, const at::Tensor &weight,
                                    const at::Tensor &offset, int kH, int kW, int dH, int dW,
                                    int padH, int padW, int dilationH, int dilationW, int group,
                                    int deformable_group, int im2col_step);
std::vector<at::Tensor> deform_conv_backward_cuda(const at::Tensor &input, const at::Tensor &weight,
                                                  const at::Tensor &offset, const at::Tensor &grad_output,
                                                  int kH, int kW, int dH, int dW, int padH, int padW,
                                                  int dilationH, int dilationW, int group,
                                                  int deformable_group, int im2col_step);
