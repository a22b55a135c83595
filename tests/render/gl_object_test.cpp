// The RAII GL wrappers, tested with no GL context: glad's function pointers are
// replaced by counting fakes, so every GL call the wrappers make is seen.
#include "render/gl_object.hpp"

#include <gtest/gtest.h>

#include <type_traits>
#include <vector>

namespace flatline::gl {
namespace {

std::vector<GLuint> g_deleted_buffers;
int g_gl_calls = 0;

void GLAD_API_PTR fake_delete_buffers(GLsizei n, const GLuint* ids) {
  ++g_gl_calls;
  for (GLsizei i = 0; i < n; ++i)
    g_deleted_buffers.push_back(ids[i]);
}
void GLAD_API_PTR fake_gen_buffers(GLsizei n, GLuint* ids) {
  ++g_gl_calls;
  for (GLsizei i = 0; i < n; ++i)
    ids[i] = 40u + static_cast<GLuint>(i);
}

class GlObject : public ::testing::Test {
 protected:
  void SetUp() override {
    g_deleted_buffers.clear();
    g_gl_calls = 0;
    glad_glDeleteBuffers = fake_delete_buffers;
    glad_glGenBuffers = fake_gen_buffers;
  }
  void TearDown() override {
    glad_glDeleteBuffers = nullptr;
    glad_glGenBuffers = nullptr;
  }
};

static_assert(!std::is_copy_constructible_v<Buffer>, "two owners would delete one name twice");
static_assert(!std::is_copy_assignable_v<Buffer>);
static_assert(std::is_nothrow_move_constructible_v<Buffer>);
static_assert(std::is_nothrow_move_assignable_v<Program>);

TEST_F(GlObject, AnEmptyObjectMakesNoGlCallAtAll) {
  {
    const Buffer empty;
    EXPECT_FALSE(empty);
  }
  EXPECT_EQ(g_gl_calls, 0);
}

TEST_F(GlObject, AnOwnedNameIsDeletedExactlyOnceByTheDestructor) {
  {
    const Buffer buffer = make_buffer();
    EXPECT_EQ(buffer.id(), 40u);
  }
  EXPECT_EQ(g_deleted_buffers, std::vector<GLuint>{40u});
}

TEST_F(GlObject, MovingTransfersOwnershipAndLeavesTheSourceEmpty) {
  {
    Buffer a(7u);
    Buffer b(std::move(a));
    EXPECT_EQ(a.id(), 0u);  // NOLINT(bugprone-use-after-move): the moved-from state is the point
    EXPECT_EQ(b.id(), 7u);
  }
  EXPECT_EQ(g_deleted_buffers, std::vector<GLuint>{7u});
}

TEST_F(GlObject, MoveAssignmentDeletesWhatTheTargetHeldFirst) {
  Buffer a(7u);
  Buffer b(9u);
  b = std::move(a);
  EXPECT_EQ(g_deleted_buffers, std::vector<GLuint>{9u});
  EXPECT_EQ(b.id(), 7u);
}

TEST_F(GlObject, ResetDeletesOnceAndLeavesItEmpty) {
  Buffer a(5u);
  a.reset();
  a.reset();
  EXPECT_FALSE(a);
  EXPECT_EQ(g_deleted_buffers, std::vector<GLuint>{5u});
}

}  // namespace
}  // namespace flatline::gl
